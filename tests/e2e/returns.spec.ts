import type { APIRequestContext } from '@playwright/test';
import en from '../../public/locales/en/translation.json' with { type: 'json' };
import ar from '../../public/locales/ar/translation.json' with { type: 'json' };
import enAdmin from '../../public/locales/en/admin-returns.json' with { type: 'json' };
import arAdmin from '../../public/locales/ar/admin-returns.json' with { type: 'json' };
import type { PlacedOrder } from '../../src/client/app/api';
import { testCustomer, testPhone } from '../../src/shared/domain/test-products';
import { expect, mailTo, simpleProduct, test, type StorageState } from './fixtures';
import { fill } from '../../src/shared/i18n/translator';

/**
 * Returns (issue 33, decision 043) as a guest and the merchant meet them, in English and in Arabic
 * (right to left): a cash order delivered by the merchant, the order's private link, "Return or
 * exchange" with a unit, a reason and a note; the request e-mailed; the merchant approves it on
 * `/admin/returns`, records the parcel and hands the money back in cash; the shopper's page shows
 * each state and the refund, and the refund's e-mail arrives.
 */

let orders = 0;
const stamp = () => `${test.info().parallelIndex}-${test.info().project.name}-${Date.now().toString(36)}-${++orders}`;

/** A guest's cash order with an e-mail, placed in `language`, then confirmed, shipped and delivered through the admin API. */
async function deliveredOrder(request: APIRequestContext, admin: APIRequestContext, baseURL: string, language: 'en' | 'ar') {
  const id = stamp();
  const email = `returns-${id}@example.com`;
  const product = await simpleProduct(request, 2);
  const placed = await request.post('/api/orders', {
    headers: { 'idempotency-key': `returns-${id}`, 'accept-language': language },
    data: {
      ...testCustomer,
      fullName: language === 'ar' ? 'منى عادل' : 'Mona Adel',
      phone: testPhone(Date.now() + orders * 41),
      email,
      lines: [{ productId: product.id, quantity: 1 }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, accessToken } = (await placed.json()) as PlacedOrder;
  const found = (await (await admin.get(`/api/admin/orders?q=${order.number}`)).json()) as { items: { id: number; number: string }[] };
  const orderId = found.items.find((o) => o.number === order.number)!.id;
  for (const status of ['confirmed', 'shipped', 'delivered']) {
    const moved = await admin.post(`/api/admin/orders/${orderId}/status`, { headers: { origin: baseURL }, data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  return { number: order.number, accessToken, email, product };
}

const texts = { en: { shop: en, admin: enAdmin }, ar: { shop: ar, admin: arAdmin } } as const;

for (const language of ['en', 'ar'] as const) {
  test(`a guest asks a return through the order link; the admin approves, records the parcel and refunds in cash (${language})`, async ({
    page,
    browser,
    request,
    playwright,
    baseURL,
    adminState,
  }) => {
    const { shop, admin: words } = texts[language];
    const api = await playwright.request.newContext({ baseURL, storageState: adminState as StorageState });
    const { number, accessToken, email } = await deliveredOrder(request, api, baseURL!, language);
    await api.dispose();

    await page.context().addCookies([{ name: 'i18next', value: language, url: baseURL! }]);
    await page.goto(`/order/${number}?token=${encodeURIComponent(accessToken)}`);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const section = page.getByTestId('order-returns');
    await section.getByRole('button', { name: shop.returns.ask }).click();
    const form = section.getByRole('form', { name: shop.returns.form.title });
    await form.getByLabel(shop.returns.form.reason, { exact: true }).selectOption('damaged');
    await form.getByLabel(shop.returns.form.note).fill(language === 'ar' ? 'الغطاء مكسور' : 'The cap arrived cracked.');
    // Sent without a unit chosen would be refused beside the lines; the one line is chosen already.
    await form.getByRole('button', { name: shop.returns.form.submit }).click();
    const returnNumber = `R-${number}-1`;
    await expect(section.getByRole('status')).toHaveText(fill(shop.returns.sent, { number: returnNumber }, language));
    await expect(section.getByTestId('return-state')).toHaveText(shop.returns.states.requested);
    const asked = await mailTo(request, email, new RegExp(returnNumber));
    expect(asked.subject).toContain(returnNumber);

    // The merchant, in the same language, on /admin/returns.
    const adminContext = await browser.newContext({ storageState: adminState as StorageState, baseURL });
    await adminContext.addCookies([{ name: 'i18next', value: language, url: baseURL! }]);
    const admin = await adminContext.newPage();
    await admin.goto('/admin/returns?state=requested');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText(words.title);
    await admin.getByRole('link', { name: returnNumber }).first().click();
    await expect(admin.getByTestId('return-admin-state')).toHaveText(words.states.requested);
    await admin.getByLabel(words.decide.note).fill(language === 'ar' ? 'سيمر المندوب لاستلامه' : 'Our courier will collect it.');
    await admin.getByRole('button', { name: words.actions.approve, exact: true }).click();
    await expect(admin.getByTestId('return-admin-state')).toHaveText(words.states.approved);
    await admin.getByRole('button', { name: words.actions.receive }).click();
    await expect(admin.getByTestId('return-admin-state')).toHaveText(words.states.received);
    await admin.getByRole('button', { name: new RegExp(words.actions.refund.replace('{{amount}}', '.+')) }).click();
    await expect(admin.getByTestId('return-admin-state')).toHaveText(words.states.refunded);
    await adminContext.close();

    // The shopper's page says so, and the refund's e-mail arrives.
    await page.reload();
    await expect(section.getByTestId('return-state')).toHaveText(shop.returns.states.refunded);
    await expect(section).toContainText(language === 'ar' ? 'سيمر المندوب لاستلامه' : 'Our courier will collect it.');
    const refunded = await mailTo(request, email, new RegExp(returnNumber), 2);
    expect(refunded.html).toContain(`dir="${language === 'ar' ? 'rtl' : 'ltr'}"`);
  });
}
