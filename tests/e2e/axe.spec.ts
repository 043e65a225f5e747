import { AxeBuilder } from '@axe-core/playwright';
import { allowConsoleErrors, expect } from './fixtures';
import { homes, listings } from './route-list';
import { allRoutes, fillCart, languages, test, type Route } from './all-routes';

/**
 * Every storefront and admin route, scanned by axe against WCAG 2.1 A and AA: no violation of any
 * impact. Each route is scanned once, on one of the four screens (phone and desktop width, English
 * and Arabic right to left) taking them in turn from route to route (decision 049; it was two of
 * the four, decision 035); the first home, listing and product layout, which hold the parts every
 * page shares (header, menus, drawers, footer, cards), are scanned on all four screens, and the
 * other layouts, built of the same parts, once each, in turn. The phone width runs inside the
 * desktop project, so nothing is tagged @phone. The routes are all-routes.ts's.
 */

/** The two projects' screens (playwright.config.ts): a phone and a desktop. */
const screens = [
  { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false },
];

/** One line per violation and element, so a failure reads without opening the report. */
function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} - ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`),
  );
}

/** The first of each kind (`/`, the first listing and product layout) is scanned everywhere. */
const firstVariants = new Set([0, homes.length, homes.length + listings.length]);
const combinations = screens.flatMap((screen) => (Object.keys(languages) as (keyof typeof languages)[]).map((lng) => ({ screen, lng })));

/** Whether a route is scanned on screen `c` (an index into `combinations`): once, the screens in turn. */
function scannedOn(route: Route, index: number, c: number): boolean {
  if (route.variant === undefined) return index % combinations.length === c;
  return firstVariants.has(route.variant) || route.variant % combinations.length === c;
}

for (const [c, { screen, lng }] of combinations.entries())
  test.describe(`axe at ${screen.viewport.width}px in ${lng}`, () => {
    test.use(screen);
    const routes = allRoutes.filter((route, index) => scannedOn(route, index, c));
    for (const route of routes)
      test(`${route.name} has no WCAG 2.1 A/AA violations`, async ({ page, context, baseURL, shop }) => {
        await context.addCookies([{ name: 'i18next', value: lng, url: baseURL! }, ...(route.admin ? shop.adminCookies : [])]);
        if (route.missing) allowConsoleErrors(/status of 404 \(Not Found\) \(at \S*\/no-such-page\)$/);
        if (route.withCart) await fillCart(page, shop, lng);
        await page.goto(route.path(shop));
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        await expect(page.locator('h1').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        if (route.act) await route.act(page, lng);
        const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        expect(describeViolations(violations)).toEqual([]);
      });
  });

test('every route is scanned, each screen takes its share, and the shared parts are scanned on every screen', () => {
  const counts = combinations.map((_, c) => allRoutes.filter((route, index) => scannedOn(route, index, c)).length);
  for (const [index, route] of allRoutes.entries()) {
    const screensOf = combinations.filter((_, c) => scannedOn(route, index, c));
    expect(screensOf.length, route.name).toBeGreaterThanOrEqual(1);
    if (route.variant !== undefined && firstVariants.has(route.variant)) expect(screensOf.length, route.name).toBe(combinations.length);
  }
  // Every screen, Arabic on a phone included, scans about a quarter of the routes.
  for (const count of counts) expect(count).toBeGreaterThanOrEqual(Math.floor(allRoutes.length / combinations.length));
});
