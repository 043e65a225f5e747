import type { APIRequestContext, Browser } from '@playwright/test';
import adminAr from '../../public/locales/ar/admin-orders.json' with { type: 'json' };
import adminEn from '../../public/locales/en/admin-orders.json' with { type: 'json' };
import type { placedOrderSchema } from '../../src/shared/schemas/checkout';
import { testPhone } from '../../src/shared/domain/test-products';
import { paymobUrl } from '../../playwright.config';
import { expect, simpleProduct, test } from './fixtures';
import type { z } from 'zod';

/**
 * The merchant's side of online payments (issue 29): a shopper pays by card on Paymob's page (the
 * local Paymob, tests/local-paymob), the admin finds the order with the payment filter, reads the
 * payment on its page and gives part of the money back, in English on a desktop and in Arabic on
 * a phone. The refund goes to Paymob and comes back as the order's new payment state.
 */
const texts = { en: adminEn, ar: adminAr } as const;

// A payment through two sites, then the admin: more than a page's time.
test.describe.configure({ timeout: 90_000 });

/** An order placed through the API with a card, paid on Paymob's page; its number once Paymob's callback marked it paid. */
async function paidByCard(browser: Browser, request: APIRequestContext, n: number): Promise<{ number: string; total: number }> {
  const product = await simpleProduct(request, 2);
  const res = await request.post('/api/orders', {
    headers: { 'idempotency-key': `admin-pay-${Date.now()}-${n}` },
    data: {
      fullName: 'Salma Hassan',
      phone: testPhone(8100 + n + test.info().workerIndex * 10),
      email: `admin-pay-${Date.now()}@example.com`,
      governorate: 'CAI',
      city: 'Nasr City',
      address: '14 Abbas El Akkad Street, flat 9',
      paymentMethod: 'card',
      lines: [{ productId: product.id, quantity: 1 }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const placed = (await res.json()) as z.infer<typeof placedOrderSchema>;
  expect(placed.paymentUrl).toMatch(new RegExp(`^${paymobUrl}/unifiedcheckout/`));
  // The shopper's own browser, on Paymob's page (the fixture's page waits for the shop's pages to be live).
  const shopper = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await shopper.newPage();
  await page.goto(placed.paymentUrl!);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/order\/NSM-\d+\?token=/);
  await shopper.close();
  const number = placed.order.number;
  await expect
    .poll(async () => ((await (await request.get(`/api/orders/${number}?token=${placed.accessToken}`)).json()) as { payment: { state: string } }).payment.state)
    .toBe('paid');
  return { number, total: placed.order.total };
}

// The admin's own context sets each screen, so both run in the desktop project.
for (const [lng, width] of [
  ['en', 1366],
  ['ar', 390],
] as const) {
  const t = texts[lng];

  test(`${lng}: the admin finds a card payment with the payment filter and refunds part of it, at ${width} px`, async ({
    browser,
    request,
    adminState,
  }, testInfo) => {
    const { number } = await paidByCard(browser, request, lng === 'en' ? 1 : 2);
    const admin = await browser.newContext({ storageState: adminState, baseURL: testInfo.project.use.baseURL, viewport: { width, height: 844 } });
    await admin.addCookies([{ name: 'i18next', value: lng, url: testInfo.project.use.baseURL! }]);
    const adminPage = await admin.newPage();

    // The list, filtered by the select: the order is among the paid ones, with its card and its state.
    await adminPage.goto('/admin/orders');
    await adminPage.getByLabel(t.filters.payment, { exact: true }).selectOption('paid');
    await expect(adminPage).toHaveURL(/[?&]payment=paid/);
    await adminPage.getByRole('link', { name: number }).first().click();

    // The order's payment panel: card, paid, Paymob's ids, nothing refunded yet.
    const panel = adminPage.locator('#payment');
    await expect(panel.getByText(t.payment.state.paid, { exact: true })).toBeVisible();
    await expect(panel.getByText(t.payment.method.card, { exact: true }).first()).toBeVisible();
    await expect(panel.getByText(t.payment.transactionIds, { exact: true })).toBeVisible();

    // A refund of EGP 10.50, typed as the merchant would, confirmed, then sent to Paymob.
    await panel.getByRole('button', { name: t.refund.open }).click();
    await adminPage.locator('#refund-amount').fill('10.5');
    await adminPage.getByLabel(t.refund.reason).fill(lng === 'en' ? 'One bottle arrived broken' : 'وصلت زجاجة مكسورة');
    await panel.getByRole('button', { name: t.refund.review }).click();
    await expect(panel.getByRole('alertdialog')).toBeVisible();
    await panel.getByRole('alertdialog').getByRole('button').first().click();

    // The panel reads the order again: partly refunded, the refund among the transactions.
    await expect(panel.getByText(t.payment.state.partially_refunded, { exact: true })).toBeVisible();
    await expect(panel.getByText(t.payment.kind.refund, { exact: true }).first()).toBeVisible();
    await expect(adminPage.locator('#refund-amount')).toHaveCount(0);
    // Paymob made it: a refund transaction of 1,050 piastres.
    const made = (await (await request.get(`${paymobUrl}/__control/transactions`)).json()) as Array<{ is_refund: boolean; amount_cents: number }>;
    expect(made.some((x) => x.is_refund && x.amount_cents === 1050)).toBe(true);
    await admin.close();
  });
}
