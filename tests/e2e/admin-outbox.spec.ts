import { allowConsoleErrors, expect, mailTo, simpleProduct, test } from './fixtures';
import { testCustomer, testPhone } from '../../src/shared/domain/test-products';

test('the admin sees the messages an order wrote, previews one with its order number, and sends it again', async ({ page, context, request, adminState }) => {
  // Reading inside the preview's frame: Chromium refuses the test's own scripts there, as the
  // frame is sandboxed without scripts (which is the point), and says so in the console.
  allowConsoleErrors(/Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/);
  const stamp = Date.now().toString(36);
  const email = `outbox-${stamp}@example.com`;
  const product = await simpleProduct(request, 2);
  const placed = await request.post('/api/orders', {
    headers: { 'idempotency-key': `outbox-${stamp}` },
    data: { ...testCustomer, phone: testPhone(Date.now() % 9000), email, lines: [{ productId: product.id, quantity: 1 }] },
  });
  expect(placed.status()).toBe(201);
  const { number } = ((await placed.json()) as { order: { number: string } }).order;
  // The e2e shop sends through the mail sink: the message leaves within moments.
  await mailTo(request, email, new RegExp(number));

  await context.addCookies(adminState.cookies);
  await page.goto('/admin');
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Messages sent' }).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  await expect(page).toHaveTitle('Admin - Messages sent');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages sent' })).toBeVisible();

  // The shopper's "Order received", sent (a row on a wide screen, a card on a phone).
  const row = page.locator('tr, li').filter({ hasText: email, visible: true });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Order received');
  await expect(row.getByText('Sent', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: /^Sent/ })).toBeVisible();

  // The kind filter keeps only order-received messages.
  await page.getByLabel('Kind').selectOption({ label: 'Order received' });
  await expect(page).toHaveURL(/kind=order_received/);
  await expect(row).toHaveCount(1);

  // Its preview: the HTML part (sandboxed) and the text part both name the order.
  await row.getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(email).first()).toBeVisible();
  await expect(dialog.locator('iframe')).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('dialog iframe').locator('body')).toContainText(number);
  await expect(dialog.locator('pre')).toContainText(number);

  // "Send again" (a sent order message may go again): queued, and the shopper gets it once more.
  await dialog.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByText('The message is queued and will be sent in a moment.')).toBeVisible();
  await mailTo(request, email, new RegExp(number), 1);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  await expect(async () => {
    await page.reload();
    await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
});
