import type { Page } from '@playwright/test';
import { allowConsoleErrors, expect } from './fixtures';
import { allRoutes, fillCart, languages, test, type Route } from './all-routes';
import { homes, listings } from './route-list';

/**
 * Nothing leaves a phone's screen (issue 35, point 3): every storefront and admin route at 390 px,
 * in English and in Arabic (right to left), with the page's toast, menu and search open where a
 * shopper opens them (the layouts of a kind after its first, built of the same parts, in one of
 * the two languages each). A page fails when it scrolls sideways, when a visible element reaches past
 * the screen's edge (unless a part that scrolls or clips within the screen holds it: a carousel, a
 * wide table in its scroller), when a row of chips or tabs hides some past the edge, or when a
 * field's placeholder is wider than its box.
 */

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** What leaves the screen, one line each (the outermost element only), or nothing. */
async function offScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const name = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 3).join('.')}` : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id}${cls}> "${text}"`;
    };
    if (document.documentElement.scrollWidth > width + 1) found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px wide`);
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      return style.display !== 'none' && style.visibility !== 'hidden' && Number(style.opacity) > 0;
    };
    /** Held by an ancestor that scrolls or clips and itself fits the screen (a carousel, a table's scroller). */
    const held = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX !== 'visible') {
          const box = a.getBoundingClientRect();
          if (box.left >= -1 && box.right <= width + 1) return true;
        }
      }
      return false;
    };
    /** Hidden from everyone: a closed drawer or panel (inert, aria-hidden) or a visually hidden label. */
    const away = (el: Element) => el.closest('[inert], [aria-hidden="true"]') !== null;
    const reported = new Set<Element>();
    for (const el of document.body.querySelectorAll('*')) {
      if (!shown(el) || away(el)) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.left >= -1 && box.right <= width + 1) continue;
      if (held(el)) continue;
      let parent = el.parentElement;
      while (parent && !reported.has(parent)) parent = parent.parentElement;
      reported.add(el);
      if (!parent) found.push(`${name(el)} spans ${Math.round(box.left)}..${Math.round(box.right)} px`);
    }
    // A row of chips or tabs that scrolls sideways hides some of them past the edge.
    for (const row of document.querySelectorAll('nav, [role="tablist"]'))
      if (shown(row) && !away(row) && row.scrollWidth > row.clientWidth + 1)
        found.push(`${name(row)} hides ${row.scrollWidth - row.clientWidth} px of its chips`);
    // A placeholder wider than its box is cut (the shopper reads half a hint).
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const input of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')) {
      if (!shown(input) || away(input) || input.value || input.getBoundingClientRect().width === 0) continue;
      const style = getComputedStyle(input);
      canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const lines = input instanceof HTMLTextAreaElement ? Math.max(1, Math.floor(input.clientHeight / parseFloat(style.lineHeight || style.fontSize))) : 1;
      if (canvas.measureText(input.placeholder).width > room * lines + 1) found.push(`${name(input)}'s placeholder "${input.placeholder}" is cut`);
    }
    return found;
  });
}

/** Beside every route, the parts a shopper opens on a phone: the menu and the search. */
const opened: Route[] = [
  {
    name: '/ with the menu open',
    path: () => '/',
    act: async (page, lng) => {
      await page.getByRole('button', { name: languages[lng].nav.openMenu }).click();
      await expect(page.locator('#mobile-menu')).toBeVisible();
    },
  },
  {
    name: '/ with the search open',
    path: () => '/',
    act: async (page, lng) => {
      await page.getByRole('button', { name: languages[lng].nav.openSearch }).click();
      await page.locator('#phone-search').fill(lng === 'ar' ? 'الشموع' : 'lavender');
      await expect(page.getByRole('listbox', { name: languages[lng].search.suggestions }).getByRole('option').first()).toBeVisible();
    },
  },
];

/**
 * The routes walked in `lng`: every route, except that the layouts of a kind after its first (home,
 * listing and product variants, built of the same parts) are walked in one language each, in turn.
 */
const firstVariants = new Set([0, homes.length, homes.length + listings.length]);
const walkedIn = (lng: keyof typeof languages) =>
  [...allRoutes, ...opened].filter((route) => route.variant === undefined || firstVariants.has(route.variant) || route.variant % 2 === (lng === 'en' ? 0 : 1));

/** Routes in groups of this many per test: one page walks them in turn (a page each cost more than the walk). */
const GROUP = 12;

for (const lng of Object.keys(languages) as (keyof typeof languages)[])
  test.describe(`at 390 px in ${lng}`, () => {
    test.use(phone);
    const routes = walkedIn(lng);
    const groups = [false, true].flatMap((admin) => {
      const mine = routes.filter((route) => Boolean(route.admin) === admin);
      return Array.from({ length: Math.ceil(mine.length / GROUP) }, (_, i) => mine.slice(i * GROUP, (i + 1) * GROUP));
    });
    for (const group of groups)
      test(`${group.map((route) => route.name).join(', ')} fit the screen`, async ({ page, context, baseURL, shop }) => {
        test.setTimeout(30_000 + group.length * 10_000);
        await context.addCookies([{ name: 'i18next', value: lng, url: baseURL! }, ...(group[0]!.admin ? shop.adminCookies : [])]);
        if (group.some((route) => route.missing)) allowConsoleErrors(/status of 404 \(Not Found\) \(at \S*\/no-such-page\)$/);
        for (const route of group) {
          if (route.withCart) await fillCart(page, shop, lng);
          await page.goto(route.path(shop));
          await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
          await expect(page.locator('h1').first()).toBeAttached();
          // Hydrated, with its fonts: what the shopper sees once the page has settled.
          await page.locator('html[data-live]').waitFor();
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          if (route.act) await route.act(page, lng);
          expect.soft(await offScreen(page), route.name).toEqual([]);
        }
      });
  });
