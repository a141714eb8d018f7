import type { APIRequestContext } from '@playwright/test';
import { apiLogin, demo, expect, expectAccessible, openAllDayDuringSpec, signIn, test } from './fixtures.ts';

/**
 * The shop's catalog from the admin screen (/admin?tab=merchandise): an admin adds an item with two
 * colours, the shop sells it to visitors; a stock count with its reason shows on the screen; hidden,
 * the item leaves the shop. Each run adds its own item (a unique name), so reruns do not collide.
 */
test.skip(({ isMobile }) => isMobile, 'once is enough: the desktop project runs it');
openAllDayDuringSpec();

/** Pay (test card) and place a pickup order for one unit of a variant, as a visitor would. */
async function orderVariant(request: APIRequestContext, variantId: number, key: string) {
  const items = [{ type: 'merchandise', variant_id: variantId, quantity: 1 }];
  const created = await request.post('/api/v1/payments', { data: { restaurant_id: 1, items } });
  if (!created.ok()) return created;
  const paymentId = ((await created.json()) as { payment_id: string }).payment_id;
  const confirmed = await request.post(`/api/v1/payments/${paymentId}/confirm`, { data: { card: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' } } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return request.post('/api/v1/orders', {
    headers: { 'idempotency-key': key },
    data: { restaurant_id: 1, items, payment_id: paymentId, contact: { name: 'Rosa Aguon', email: 'rosa@example.com', phone: '+16715550188' } },
  });
}

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

test('an admin deletes variants (one that was ordered is archived) and the item, and focus stays on the list', async ({ page, request }) => {
  const name = `Latte Stone Tee ${Date.now().toString(36)}`;
  const token = await apiLogin(request, demo.admin);
  const created = await request.post('/api/v1/merchandise_items', {
    headers: { authorization: `Bearer ${token}` },
    data: { merchandise_item: { restaurant_id: 1, name, base_price: 24, variants: [{ size: 'S', color: 'Red', stock_quantity: 5 }, { size: 'M', color: 'Red', stock_quantity: 4 }, { size: 'L', color: 'Red', stock_quantity: 3 }] } },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const variants = ((await created.json()) as { variants: { id: number; size: string }[] }).variants;
  const small = variants.find((v) => v.size === 'S')!;
  // A visitor bought a small one: that order must keep it.
  const sold = await orderVariant(request, small.id, `archive-${small.id}`);
  expect(sold.status(), await sold.text()).toBe(201);
  const orderId = ((await sold.json()) as { id: number }).id;

  await signIn(page, demo.admin);
  await page.goto('/admin?tab=merchandise');
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('3 variants');
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });

  // The ordered variant is archived, by keyboard; focus goes to the next variant's Size.
  const deleteSmall = dialog.getByRole('button', { name: 'Delete variant S / Red' });
  await deleteSmall.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: `Delete ${name} (S / Red)?` });
  await expect(confirm).toContainText('If past orders include it, it is archived instead');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('S / Red archived: past orders keep it, and the shop no longer sells it.')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByRole('group', { name: 'Variant 1' }).getByLabel('Size')).toBeFocused();
  await expect(dialog.getByRole('group', { name: 'Variant 1' }).getByLabel('Size')).toHaveValue('M');

  // The large one was never ordered: it is deleted, and focus goes to the variant before it (it was
  // the last); the one left cannot be deleted.
  await dialog.getByRole('button', { name: 'Delete variant L / Red' }).click();
  await page.getByRole('dialog', { name: `Delete ${name} (L / Red)?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('L / Red deleted.')).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Variant 1' }).getByLabel('Size')).toBeFocused();
  await expect(dialog.getByRole('group', { name: 'Variant 2' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: /^Delete variant/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('1 variant');
  await expect(row).toContainText('4 available');

  // The shop no longer sells the archived one; the order keeps its line.
  const again = await orderVariant(request, small.id, `archive-again-${small.id}`);
  expect(again.status()).toBe(409);
  expect(JSON.stringify(await again.json())).toContain(`${name} (S / Red) is no longer sold.`);
  const shop = await request.get(`/api/v1/merchandise_items/${((await created.json()) as { id: number }).id}/variants`);
  expect(((await shop.json()) as { size: string }[]).map((v) => v.size)).toEqual(['M']);
  const staff = await apiLogin(request, demo.staff);
  const placed = await request.get(`/api/v1/admin/orders/${orderId}`, { headers: { authorization: `Bearer ${staff}` } });
  expect(placed.ok(), await placed.text()).toBe(true);
  expect(JSON.stringify(await placed.json())).toContain('"size":"S"');

  // Deleting the item itself: focus goes to another item's row, not to the page.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: `Delete ${name}?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${name} deleted.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', /^Edit /);
});
