import { adminEmail, adminPassword } from '../../playwright.config';
import { expect, test } from './fixtures';

// The admin's writes that go through RTK Query mutations (issue 28, point 10): reading, marking and
// deleting a contact message, and saving the settings, each answered and said as before.
test('the admin reads a contact message, marks it unread, deletes it, and saves the settings', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const subject = `Inbox check ${stamp}`;
  const sent = await request.post('/api/contact', {
    data: { name: 'Laila Fawzy', email: `inbox-${stamp}@example.com`, subject, message: 'Do you deliver candles to Aswan before the weekend?' },
  });
  expect(sent.status()).toBe(201);

  await page.goto('/admin');
  await page.getByLabel('Email').fill(adminEmail);
  await page.getByLabel('Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible();

  await page.goto('/admin/messages');
  // Opening an unread message marks it read: the server's answer replaces the one on screen.
  await page.getByRole('button', { name: new RegExp(subject) }).click();
  await expect(page.getByRole('button', { name: 'Mark as unread' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as unread' }).click();
  await expect(page.locator('.Toastify__toast', { hasText: 'Marked as unread.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as read' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('.Toastify__toast', { hasText: 'Message deleted.' })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(subject) })).toHaveCount(0);

  // Saved as they are, so other tests running meanwhile see the same shop.
  await page.goto('/admin/settings');
  const shopName = page.getByLabel('Shop name');
  await expect(shopName).not.toHaveValue('');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.locator('.Toastify__toast', { hasText: 'Settings saved. The shop shows them now.' })).toBeVisible();
});
