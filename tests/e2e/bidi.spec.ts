import type { Page } from '@playwright/test';
import type { PlacedOrder } from '../../src/client/app/api';
import { testCustomer, testPhone } from '../../src/shared/domain/test-products';
import { formatEgyptianMobile } from '../../src/shared/domain/phone';
import { expect, mailTo, simpleProduct, test, type StorageState } from './fixtures';

/**
 * Right to left stays right (issue 35, point 2; decision 050): inside Arabic text, a phone number,
 * an order number and a price read in their written order. Checked where the shopper reads them, by
 * their rendered positions: in a left-to-right word the first character is left of the last, on the
 * same line (unisolated, "+20 100 555 0123" shows as "0123 555 100 +20": "+20" right of "0123").
 */

/** Phone numbers and order numbers as the shop writes them. */
const TOKENS = String.raw`\+20(?: \d{3}){2} \d{4}|NSM-\d{6,9}`;

interface Reading {
  text: string;
  /** The first character's left edge is left of the last character's (same line). */
  inOrder: boolean;
}

/**
 * Every phone or order number shown under `selector` (visible, on one line), with whether it reads
 * left to right on screen. Also found inside a longer text node (a translated sentence).
 */
async function readings(page: Page, selector: string): Promise<Reading[]> {
  return page.evaluate(
    ([selector, source]) => {
      const found: { text: string; inOrder: boolean }[] = [];
      for (const root of document.querySelectorAll(selector)) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const match of text.matchAll(new RegExp(source, 'g'))) {
            const rectOf = (offset: number) => {
              const range = document.createRange();
              range.setStart(node, offset);
              range.setEnd(node, offset + 1);
              return range.getBoundingClientRect();
            };
            const first = rectOf(match.index);
            const last = rectOf(match.index + match[0].length - 1);
            // Hidden (a phone's top bar at a small width) or wrapped over two lines: not a reading.
            if (first.width === 0 || last.width === 0 || Math.abs(first.top - last.top) > first.height / 2) continue;
            found.push({ text: match[0], inOrder: first.left < last.left });
          }
        }
      }
      return found;
    },
    [selector, TOKENS] as const,
  );
}

/** What `readings` found, each expected in order, and at least the `expected` ones found. */
async function expectInOrder(page: Page, selector: string, expected: string[]): Promise<void> {
  const found = await readings(page, selector);
  for (const text of expected)
    expect(
      found.map((r) => r.text),
      `${text} is shown in ${selector}`,
    ).toContain(text);
  expect(
    found.filter((r) => !r.inOrder).map((r) => r.text),
    `numbers shown right to left in ${selector}`,
  ).toEqual([]);
}

test('phone and order numbers read in their written order in Arabic: top bar, footer, order page, admin and e-mails', async ({
  page,
  request,
  browser,
  adminState,
}) => {
  const settings = (await (await request.get('/api/settings')).json()) as { phone: string };
  const shopPhone = formatEgyptianMobile(settings.phone);

  // The top bar and the footer of an Arabic page.
  await page.goto('/?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectInOrder(page, '[data-testid="top-bar"]', [shopPhone]);
  await expectInOrder(page, 'footer', [shopPhone]);

  // An Arabic order: its page (the number in the heading and sentences, the phone in the delivery).
  const product = await simpleProduct(request, 2);
  const stamp = `${test.info().parallelIndex}-${Date.now().toString(36)}`;
  const email = `bidi-${stamp}@example.com`;
  const phone = testPhone(Date.now());
  const placed = await request.post('/api/orders', {
    headers: { 'idempotency-key': `bidi-${stamp}`, 'accept-language': 'ar' },
    data: { ...testCustomer, fullName: 'منى عادل', phone, email, lines: [{ productId: product.id, quantity: 1 }] },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, accessToken } = (await placed.json()) as PlacedOrder;
  const customerPhone = formatEgyptianMobile(phone);
  await page.goto(`/order/${order.number}?token=${encodeURIComponent(accessToken)}&lng=ar`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectInOrder(page, 'main', [order.number, customerPhone]);

  // The merchant's order list and order page in Arabic.
  const admin = await browser.newContext({ storageState: adminState as StorageState, locale: 'ar' });
  try {
    const adminPage = await admin.newPage();
    await adminPage.goto(`/admin/orders?q=${order.number}&lng=ar`);
    await expect(adminPage.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(adminPage.getByText(order.number).first()).toBeVisible();
    await expectInOrder(adminPage, 'main', [order.number, customerPhone]);
  } finally {
    await admin.close();
  }

  // The order's e-mail in Arabic, its HTML and its plain text, as a mail client lays them out.
  const mail = await mailTo(request, email, new RegExp(order.number));
  await page.setContent(mail.html);
  await expect(page.locator('[dir="rtl"]').first()).toBeVisible();
  await expectInOrder(page, 'body', [order.number, customerPhone, shopPhone]);
  await page.setContent('<div dir="rtl" lang="ar" style="white-space:pre-wrap;font:16px sans-serif" id="text"></div>');
  await page.locator('#text').evaluate((el, text) => (el.textContent = text), mail.text);
  await expectInOrder(page, '#text', [order.number, customerPhone, shopPhone]);
});
