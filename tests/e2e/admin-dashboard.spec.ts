import en from '../../public/locales/en/admin-dash.json' with { type: 'json' };
import ar from '../../public/locales/ar/admin-dash.json' with { type: 'json' };
import enAdmin from '../../public/locales/en/admin.json' with { type: 'json' };
import { expect, test } from './fixtures';

/**
 * A dashboard that leads (issue 35, point 4): on a phone the first screen, right under the title,
 * holds what needs doing (orders to confirm and to ship, products to reorder, failed e-mails),
 * each a link to the list filtered to exactly those; in English and in Arabic.
 */
const words = { en, ar } as const;

for (const lng of ['en', 'ar'] as const)
  test(`on a phone the dashboard's first screen holds the links to what needs doing (${lng})`, async ({ page, context, adminState }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await context.addCookies(adminState.cookies);
    await page.goto(`/admin?lng=${lng}`);
    await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
    const todo = words[lng].dashboard.todo;
    const section = page.getByRole('region', { name: todo.title });
    const links = [
      [todo.awaitingConfirmation, '/admin/orders?status=pending'],
      [todo.toShip, '/admin/orders?status=confirmed'],
      [todo.toReorder, '/admin/products?stock=reorder'],
      [todo.failedMessages, '/admin/outbox?status=failed'],
    ] as const;
    for (const [label, href] of links) {
      const link = section.getByRole('link', { name: new RegExp(`^${label}`) });
      await expect(link).toHaveAttribute('href', href);
      // Wholly inside the first screen, without scrolling.
      const box = (await link.boundingBox())!;
      expect(box.y + box.height, `${label} ends inside the first screen`).toBeLessThanOrEqual(844);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    // Each leads to its list: the orders awaiting confirmation.
    if (lng === 'en') {
      await section.getByRole('link', { name: new RegExp(`^${todo.awaitingConfirmation}`) }).click();
      await expect(page).toHaveURL(/\/admin\/orders\?status=pending$/);
      await expect(page.locator('main nav a[aria-current="page"]')).toHaveText(enAdmin.status.pending);
    }
  });
