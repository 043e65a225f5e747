import type { APIRequestContext } from '@playwright/test';
import { catalogue, expect, simpleProduct, test } from './fixtures';
import { testCustomer } from '../../src/shared/domain/test-products';

let seq = 0;
/** A mobile number no other test uses, e.g. 01512345678. */
const uniqueMobile = () => `015${String(Date.now() + ++seq).slice(-8)}`;
const arabicDigits = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/** Places a cash-on-delivery order through the API, in the page language `lng`. */
async function placeOrder(request: APIRequestContext, lng: string, customer: object, productId: number, quantity: number): Promise<string> {
  const res = await request.post('/api/orders', {
    headers: { 'idempotency-key': `whatsapp-${lng}-${Date.now()}-${++seq}`, cookie: `i18next=${lng}` },
    data: { ...testCustomer, ...customer, lines: [{ productId, quantity }] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { order: { number: string } }).order.number;
}

test('the admin asks an Arabic-speaking customer to confirm on WhatsApp, records the answer and finds the orders still to confirm', async ({
  page,
  context,
  request,
  adminState,
}) => {
  const product = await simpleProduct(request, 3);
  const arabicName = (await catalogue(request, 'pageSize=100&lng=ar')).find((p) => p.id === product.id)!.name;
  const mobile = uniqueMobile();
  // Typed in Arabic-Indic digits, as an Egyptian keyboard writes it.
  const number = await placeOrder(
    request,
    'ar',
    { fullName: 'سلمى حسن', phone: arabicDigits(mobile), city: 'مدينة نصر', address: '12 شارع عباس العقاد' },
    product.id,
    2,
  );
  const waiting = await placeOrder(request, 'en', { phone: uniqueMobile() }, product.id, 1);

  await context.addCookies(adminState.cookies);
  const found = await page.request.get(`/api/admin/orders?q=${encodeURIComponent(number)}`);
  const id = ((await found.json()) as { items: Array<{ id: number }> }).items[0]!.id;
  await page.goto(`/admin/orders/${id}`);

  // The link opens a chat with the customer's number in international form, the message in Arabic.
  const link = page.getByRole('link', { name: 'Confirm on WhatsApp' });
  await expect(link).toBeVisible();
  const href = new URL((await link.getAttribute('href'))!);
  expect(`${href.origin}${href.pathname}`).toBe(`https://wa.me/20${mobile.slice(1)}`);
  const text = href.searchParams.get('text')!;
  expect(text).toContain('مرحبًا سلمى حسن');
  expect(text).toContain(`وصلنا طلبك رقم ${number}:`);
  expect(text).toContain(`- 2 × ${arabicName}`);
  expect(text).toMatch(/الإجمالي: .*ج\.م\..*، الدفع عند الاستلام/);
  expect(text).toContain('التوصيل إلى: 12 شارع عباس العقاد، مدينة نصر، القاهرة');
  expect(text).toContain('لتأكيد طلبك');
  await expect(page.getByText('(language: العربية)')).toBeVisible();

  // Each answer says what it does; the one that moves the order asks first, and Cancel leaves it as it was.
  const confirmed = page.getByRole('button', { name: 'Customer confirmed', exact: true });
  await expect(confirmed).toHaveAccessibleDescription('The order moves to Confirmed, and the customer is told by e-mail.');
  await expect(page.getByRole('button', { name: 'Customer refused', exact: true })).toHaveAccessibleDescription(
    'Noted on the order; it is not cancelled. Cancel it below if the customer does not want it.',
  );
  await confirmed.click();
  const ask = page.getByRole('dialog', { name: `Move order ${number} to Confirmed?` });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('confirmation-state')).toHaveText('Awaiting answer');
  await confirmed.click();
  await ask.getByRole('button', { name: 'Record and confirm the order' }).click();
  await expect(page.getByTestId('confirmation-state')).toHaveText('Confirmed by the customer');
  await expect(confirmed).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('WhatsApp answer: Customer confirmed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as shipped' })).toBeVisible();

  // The list's "Awaiting confirmation" keeps the orders still to confirm.
  await page.goto('/admin/orders');
  await page.getByRole('link', { name: 'Awaiting confirmation' }).click();
  await expect(page).toHaveURL(/[?&]confirmation=awaiting/);
  await expect(page.getByRole('link', { name: 'Awaiting confirmation' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: waiting, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: number, exact: true })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search' }).fill(number);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/confirmation=awaiting.*q=|q=.*confirmation=awaiting/);
  await expect(page.getByText('No orders match these filters.')).toBeVisible();
});
