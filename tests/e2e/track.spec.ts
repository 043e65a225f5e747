import { AxeBuilder } from '@axe-core/playwright';
import ar from '../../public/locales/ar/translation.json' with { type: 'json' };
import { testCustomer, testPhone } from '../../src/shared/domain/test-products';
import { adminEmail, adminPassword } from '../../playwright.config';
import { allowConsoleErrors, expect, simpleProduct, test } from './fixtures';

/** Western digits written as Arabic-Indic ones, as an Egyptian keyboard types them. */
const arabicDigits = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

test('a guest tracks an order in Arabic by its number and phone, and a wrong phone is simply not found', async ({ page, context, baseURL, playwright }) => {
  // The order, as a guest places it, then confirmed by the merchant with a note for the shop only.
  const api = await playwright.request.newContext({ baseURL });
  const product = await simpleProduct(api, 2);
  const phone = testPhone(4517);
  const placed = await api.post('/api/orders', {
    headers: { 'idempotency-key': `track-${Date.now()}` },
    data: { ...testCustomer, phone, lines: [{ productId: product.id, quantity: 1 }] },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { number } = ((await placed.json()) as { order: { number: string } }).order;
  expect((await api.post('/api/auth/login', { data: { email: adminEmail, password: adminPassword } })).ok()).toBe(true);
  const orders = (await (await api.get(`/api/admin/orders?q=${number}`)).json()) as { items: { id: number; number: string }[] };
  const id = orders.items.find((o) => o.number === number)!.id;
  const confirmed = await api.post(`/api/admin/orders/${id}/status`, { data: { status: 'confirmed', note: 'Private: call before noon' } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  await api.dispose();

  await context.addCookies([{ name: 'i18next', value: 'ar', url: baseURL! }]);
  await page.goto('/track');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page).toHaveTitle(new RegExp(ar.meta.track));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.track.title);

  // Nothing typed: the fields say so in Arabic.
  await page.getByRole('button', { name: ar.track.submit }).click();
  await expect(page.getByTestId('error-number')).toHaveText(ar.validation.required);
  await expect(page.getByTestId('error-phone')).toHaveText(ar.validation.required);

  // The number with Arabic-Indic digits, the phone as +٢٠ and Arabic-Indic digits with spaces.
  await page.getByLabel(ar.track.number, { exact: true }).fill(`NSM-${arabicDigits(number.slice(4))}`);
  await page
    .getByLabel(ar.track.phone, { exact: true })
    .fill(`+٢٠ ${arabicDigits(phone.slice(1, 4))} ${arabicDigits(phone.slice(4, 7))} ${arabicDigits(phone.slice(7))}`);
  await page.getByRole('button', { name: ar.track.submit }).click();
  const found = page.getByTestId('tracked-order');
  await expect(found.getByRole('heading', { level: 2 })).toHaveText(number);
  await expect(found.getByTestId('order-status')).toHaveText(ar.orderStatus.confirmed);
  await expect(found.getByTestId('status-step')).toHaveCount(2);
  await expect(found.getByTestId('status-step').first()).toContainText(ar.orderStatus.confirmed);
  await expect(found.getByTestId('status-step').last()).toContainText(ar.orderView.historyPlaced);
  await expect(found.getByRole('heading', { name: ar.orderView.historyTitle })).toBeVisible();
  await expect(found.getByTestId('order-line')).toHaveCount(1);
  // The merchant's note, the name and the address are not part of it.
  await expect(page.getByText('call before noon')).toHaveCount(0);
  await expect(page.getByText(testCustomer.address)).toHaveCount(0);
  await expect(page.getByText(testCustomer.fullName)).toHaveCount(0);
  expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // A wrong phone, then a number no order has: the same message, and no order shown.
  allowConsoleErrors(/status of 404 \(Not Found\) \(at \S*\/api\/orders\/track\)$/);
  await page.getByRole('button', { name: ar.track.again }).click();
  await expect(found).toHaveCount(0);
  await page.getByLabel(ar.track.number, { exact: true }).fill(number);
  await page.getByLabel(ar.track.phone, { exact: true }).fill(testPhone(4518));
  let answer = page.waitForResponse('**/api/orders/track');
  await page.getByRole('button', { name: ar.track.submit }).click();
  expect((await answer).status()).toBe(404);
  await expect(page.getByRole('alert')).toHaveText(ar.track.errors.order_not_found);
  await expect(found).toHaveCount(0);
  await page.getByLabel(ar.track.number, { exact: true }).fill('NSM-999999');
  await page.getByLabel(ar.track.phone, { exact: true }).fill(phone);
  answer = page.waitForResponse('**/api/orders/track');
  await page.getByRole('button', { name: ar.track.submit }).click();
  expect((await answer).status()).toBe(404);
  await expect(page.getByRole('alert')).toHaveText(ar.track.errors.order_not_found);
  await expect(found).toHaveCount(0);
});
