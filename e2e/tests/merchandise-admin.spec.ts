import { demo, expect, expectAccessible, signIn, test } from './fixtures.ts';

/**
 * The shop's catalog from the admin screen (/admin?tab=merchandise): an admin adds an item with two
 * colours, the shop sells it to visitors; a stock count with its reason shows on the screen; hidden,
 * the item leaves the shop. Each run adds its own item (a unique name), so reruns do not collide.
 */
test.skip(({ isMobile }) => isMobile, 'once is enough: the desktop project runs it');

test('an admin adds an item, sets its stock, and hides it from the shop', async ({ page, browser }) => {
  const name = `Hafa Adai Cap ${Date.now().toString(36)}`;
  await signIn(page, demo.admin);
  await page.goto('/admin?tab=merchandise');
  await expect(page.getByRole('list', { name: 'Merchandise items' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add merchandise item' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Base price').fill('22');
  await dialog.getByLabel('Category').fill('Accessories');
  const first = dialog.getByRole('group', { name: 'Variant 1' });
  await first.getByLabel('Color').fill('Red');
  await first.getByLabel('Stock').fill('5');
  await dialog.getByRole('button', { name: 'Add variant' }).click();
  const second = dialog.getByRole('group', { name: 'Variant 2' });
  await second.getByLabel('Color').fill('Navy');
  await second.getByLabel('Price adjustment').fill('2');
  await second.getByLabel('Stock').fill('3');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${name} added to the shop.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add item' })).toBeFocused();

  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('$22.00 · 2 variants');
  await expect(row).toContainText('8 available');

  // A visitor finds it in the shop (All Items), at the server's price.
  const visitor = await browser.newPage();
  await visitor.goto('/merchandise');
  await visitor.getByRole('tab', { name: 'All Items' }).click();
  await expect(visitor.getByRole('heading', { name })).toBeVisible();

  // A recount of the red caps with its reason.
  await row.getByRole('button', { name: `Stock of ${name}` }).click();
  const stock = page.getByRole('dialog', { name: `Stock of ${name}` });
  const red = stock.getByRole('listitem', { name: 'Red' });
  await red.getByLabel('Reason for Red').fill('Recount');
  await red.getByLabel('Stock count of Red').fill('9');
  await red.getByRole('button', { name: 'Set count' }).click();
  await expect(page.getByText('Stock of Red saved.')).toBeVisible();
  await expect(red).toContainText('9 in stock');
  await stock.getByRole('button', { name: 'Done' }).click();
  await expect(row).toContainText('12 available');

  // Hidden, it leaves the shop.
  await row.getByRole('button', { name: `Hide ${name}` }).click();
  await expect(page.getByText(`${name} is hidden from the shop.`)).toBeVisible();
  await expect(row.getByText('Hidden', { exact: true })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('tab', { name: 'All Items', selected: true })).toBeVisible();
  await expect(visitor.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expect(visitor.getByRole('heading', { name })).toHaveCount(0);
  await visitor.close();
});
