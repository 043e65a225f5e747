import sharp from 'sharp';
import { adminEmail, adminPassword } from '../../playwright.config';
import { allowConsoleErrors, expect, simpleProduct, test } from './fixtures';
import { testCustomer, testPhone } from '../../src/shared/domain/test-products';

test('the admin creates a category and a product with two variants and an uploaded picture, and shoppers see it in the shop', async ({ page }) => {
  // Signed in by the form, as a person does: the other admin tests start signed in (`adminState`).
  // A whole story (category, product, variants, upload, the shop): near 45 s on a loaded machine.
  test.slow();
  const stamp = Date.now().toString(36);
  const categoryName = `Incense Burners ${stamp}`;
  const productName = `Brass Bakhoor Burner ${stamp}`;
  const picture = await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 184, g: 116, b: 26 } } })
    .png()
    .toBuffer();

  await page.goto('/admin');
  await page.getByLabel('Email').fill(adminEmail);
  await page.getByLabel('Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible();

  // A category, in English and Arabic.
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Categories' }).click();
  await expect(page).toHaveTitle('Admin - Categories');
  await page.getByRole('link', { name: 'Add category' }).click();
  await page.getByRole('textbox', { name: 'English' }).fill(categoryName);
  await page.getByRole('textbox', { name: 'العربية' }).fill(`مباخر ${stamp}`);
  await page.getByRole('button', { name: 'Create category' }).click();
  await expect(page).toHaveURL(/\/admin\/categories$/);
  await expect(page.getByRole('cell', { name: categoryName }).or(page.getByText(categoryName)).first()).toBeVisible();

  // A product in that category with a colour x size grid of two variants and one picture.
  await page.goto('/admin/products/add');
  await expect(page).toHaveTitle('Admin - Add product');
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Name').fill(productName);
  await panel.getByLabel('Short description').fill('A hand-beaten brass burner for bakhoor and resins.');
  await panel
    .getByLabel('Full description')
    .fill('Hand-beaten brass with a pierced lid. Place a charcoal disc inside, add bakhoor, and let the smoke perfume the room.');
  await page.getByRole('tab', { name: /العربية/ }).click();
  await panel.getByLabel('Name').fill(`مبخرة نحاسية ${stamp}`);
  await panel.getByLabel('Short description').fill('مبخرة نحاسية مطروقة يدويًا للبخور والراتنجات.');
  await panel.getByLabel('Full description').fill('نحاس مطروق يدويًا بغطاء مثقوب. ضع قرص فحم وأضف البخور.');
  await page.getByLabel('SKU').fill(`BRN-${stamp}`.toUpperCase());
  await page.getByLabel('Price (EGP)').fill('640');
  await page.getByRole('checkbox', { name: categoryName }).check();

  await page.locator('input[type="file"]').first().setInputFiles({ name: 'burner.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByRole('button', { name: 'Remove picture 1' })).toBeVisible();

  await page.getByRole('switch', { name: /This product has variants/ }).check({ force: true });
  const colours = page.getByRole('group', { name: 'Colours' });
  await colours.getByRole('button').nth(0).click();
  await colours.getByRole('button').nth(1).click();
  const cells = page.getByLabel(/^Stock for /);
  await expect(cells).toHaveCount(2);
  await cells.nth(0).fill('7');
  await cells.nth(1).fill('4');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByText(productName).first()).toBeVisible();

  // The storefront lists it under the new category, with its picture and both variants.
  const categories = (await (await page.request.get('/api/categories?lng=en')).json()) as { items: Array<{ slug: string; name: string }> };
  const slug = categories.items.find((c) => c.name === categoryName)!.slug;
  await page.goto(`/shop-grid-standard?category=${slug}`);
  const card = page.getByRole('link', { name: productName }).first();
  await expect(card).toBeVisible();
  await card.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName);
  await expect(page.locator('img[src*="/uploads/products/"]').first()).toBeVisible();
  const products = (await (await page.request.get(`/api/products?q=${encodeURIComponent(productName)}`)).json()) as {
    items: Array<{ name: string; variants: Array<{ stock: number }> }>;
  };
  expect(products.items[0]!.variants.map((v) => v.stock).sort()).toEqual([4, 7]);
});

test('an admin save on a form opened before three sales keeps the sales, and a stale stock figure is refused with the current one', async ({
  page,
  context,
  request,
  adminState,
}) => {
  // The stale save is answered 409 on purpose; the browser logs that answer.
  allowConsoleErrors(/status of 409 \(Conflict\) \(at [^)]*\/api\/admin\/products\/\d+\)/);
  const product = await simpleProduct(request, 20, { untouched: true });
  await context.addCookies(adminState.cookies);
  await page.goto(`/admin/products/edit/${product.id}`);
  const stock = page.getByLabel('Stock', { exact: true });
  await expect(stock).toHaveValue(String(product.stock));

  // Three shoppers buy 2 each while the form is open.
  for (let i = 0; i < 3; i++) {
    const res = await request.post('/api/orders', {
      headers: { 'idempotency-key': `form-race-${product.id}-${i}-${Date.now()}` },
      data: { ...testCustomer, phone: testPhone(i), lines: [{ productId: product.id, quantity: 2 }] },
    });
    expect(res.status()).toBe(201);
  }
  const left = product.stock - 6;

  // The merchant restocks from the figure they saw: refused, with the current figure, typed values kept.
  await page.getByLabel('Price (EGP)').fill('777');
  await stock.fill(String(product.stock + 10));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const banner = page.getByRole('alert').filter({ hasText: `Stock now: ${left}.` });
  await expect(banner).toContainText('This product changed since you opened it');
  await expect(stock).toHaveValue(String(product.stock + 10));
  await expect(page.getByLabel('Price (EGP)')).toHaveValue('777.00');
  expect((await (await request.get(`/api/products/${product.id}`)).json()).stock).toBe(left);

  // Saving again, knowing the current figure, applies the merchant's figure on purpose.
  await stock.fill(String(left + 10));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  expect((await (await request.get(`/api/products/${product.id}`)).json()).stock).toBe(left + 10);
});

test('a merchant who writes in English only saves a product, and the Arabic page shows it with its English name', async ({
  page,
  context,
  adminState,
  browser,
  baseURL,
}) => {
  await context.addCookies(adminState.cookies);
  const stamp = Date.now().toString(36);
  const productName = `Juniper Dawn Oil ${stamp}`;
  await page.goto('/admin/products/add');
  // English is the one language marked required; the Arabic tab says what an empty text does.
  await expect(page.getByRole('tab', { name: /English/ })).toContainText('*');
  await expect(page.getByRole('tab', { name: /العربية/ })).not.toContainText('*');
  await page.getByRole('tab', { name: /العربية/ }).click();
  await expect(page.getByRole('tabpanel').getByText('Optional. Left empty, shoppers reading this language see the English text.')).toBeVisible();
  await page.getByRole('tab', { name: /English/ }).click();
  await page.getByRole('tabpanel').getByLabel('Name').fill(productName);
  await page.getByLabel('SKU').fill(`JUN-${stamp}`.toUpperCase());
  await page.getByLabel('Price (EGP)').fill('180');
  await page.getByLabel('Stock', { exact: true }).fill('12');
  await page.getByRole('checkbox', { name: 'Essential Oils', exact: true }).check();
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);

  const found = (await (await page.request.get(`/api/products?q=${encodeURIComponent(productName)}&lng=en`)).json()) as {
    items: Array<{ id: number; name: string }>;
  };
  const product = found.items.find((p) => p.name === productName)!;
  // A shopper reading Arabic, in a browser of their own.
  const shopper = await browser.newContext({ baseURL });
  await shopper.addCookies([{ name: 'i18next', value: 'ar', url: baseURL! }]);
  const arabic = await shopper.newPage();
  await arabic.goto(`/product/${product.id}`);
  await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(arabic.getByRole('heading', { level: 1 })).toHaveText(productName);
  await shopper.close();
});

test('the product form offers the options of the product’s categories: sizes for an oil, colours and no perfume sizes for a purifier', async ({
  page,
  context,
  adminState,
}) => {
  await context.addCookies(adminState.cookies);
  await page.goto('/admin/products/add');
  await expect(page).toHaveTitle('Admin - Add product');
  await page.getByRole('switch', { name: /This product has variants/ }).check({ force: true });
  const sizes = page.getByRole('group', { name: 'Sizes' });
  const colours = page.getByRole('group', { name: 'Colours' });
  // No category yet: the whole vocabulary.
  await expect(sizes.getByRole('button', { name: '500 ml' })).toBeVisible();

  await page.getByRole('checkbox', { name: 'Essential Oils', exact: true }).check();
  await expect(sizes.getByRole('button')).toHaveText(['10 ml', '30 ml', '100 ml']);
  await expect(colours).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Essential Oils', exact: true }).uncheck();
  await page.getByRole('checkbox', { name: 'Air Purifiers', exact: true }).check();
  await expect(sizes).toHaveCount(0);
  await expect(colours.getByRole('button')).toHaveText(['White', 'Black', 'Grey']);
});
