import { demo, expect, expectAccessible, signIn, test } from './fixtures.ts';

/**
 * The catalog admin (the /admin Menu tab): an admin adds a dish with an option group, a customer
 * sees it on /menu with its choices; the admin marks it sold out and the open storefront shows it
 * can no longer be ordered, without a reload (menu_update).
 */
test('an admin adds a dish with an option group, customers see it, and selling it out shows on the menu', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const dish = `Kelaguen Mannok ${testInfo.project.name} ${Date.now().toString(36)}`;

  await signIn(page, demo.admin);
  await page.goto('/admin?tab=menu');
  await expect(page.getByRole('tab', { name: 'Menu', exact: true, selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Menu items', level: 2 })).toBeVisible();
  await expect(page.getByTestId('menu-admin-item').first()).toBeVisible();
  await expectAccessible(page);

  const addItem = page.getByRole('button', { name: 'Add item' });
  await addItem.click();
  let dialog = page.getByRole('dialog', { name: 'Add menu item' });
  await dialog.getByLabel('Name', { exact: true }).fill(dish);
  await dialog.getByLabel('Price', { exact: true }).fill('11.50');
  await dialog.getByLabel('Description').fill('Grilled chicken with lemon, onion and hot pepper.');
  await dialog.getByRole('checkbox', { name: 'Spicy' }).check();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Add item' }).click();

  // The new dish stays open as itself, for its option groups.
  dialog = page.getByRole('dialog', { name: `Edit ${dish}` });
  await expect(dialog.getByRole('heading', { name: 'Option groups' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add option group' }).click();
  const groupForm = dialog.getByRole('form', { name: 'New option group' });
  await groupForm.getByLabel('Group name').fill('Side');
  await groupForm.getByLabel('Min select').fill('1');
  await groupForm.getByLabel('Max select').fill('1');
  await groupForm.getByRole('button', { name: 'Add group' }).click();
  await expect(dialog.getByText('Required')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add option to Side' }).click();
  const optionForm = dialog.getByRole('form', { name: 'New option in Side' });
  await optionForm.getByLabel('Option name').fill('Red Rice');
  await optionForm.getByLabel('Additional price').fill('1.25');
  await optionForm.getByRole('button', { name: 'Add option' }).click();
  await expect(dialog.getByText('+$1.25')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(addItem).toBeFocused();

  const row = page.getByTestId('menu-admin-item').filter({ hasText: dish });
  await expect(row.getByText('$11.50')).toBeVisible();
  await expect(row.getByText('Available')).toBeVisible();

  // A customer (signed out, another browser) finds it on the menu with its choices.
  const customerContext = await browser.newContext({ ...testInfo.project.use });
  const customer = await customerContext.newPage();
  await customer.goto('/menu');
  await customer.getByRole('searchbox', { name: 'Search menu' }).fill(dish);
  const card = customer.getByRole('article', { name: dish });
  await expect(card.getByText('$11.50')).toBeVisible();
  await card.getByRole('button', { name: `Choose Options for ${dish}` }).click();
  const customise = customer.getByRole('dialog', { name: dish });
  await expect(customise.getByText('Side', { exact: true })).toBeVisible();
  await expect(customise.getByText('Red Rice')).toBeVisible();
  await customer.keyboard.press('Escape');
  await expect(customise).toBeHidden();

  // The admin sells it out; the customer's open menu follows.
  await row.getByRole('checkbox', { name: `Sold out: ${dish}` }).check();
  await expect(page.getByText(`${dish} is marked sold out.`)).toBeVisible();
  await expect(row.getByText('Sold out', { exact: true }).first()).toBeVisible();
  await expect(card.getByText('Sorry, this item is out of stock.')).toBeVisible({ timeout: 15_000 });
  await expect(card.getByRole('button', { name: new RegExp(`^Unavailable\\s*: ${dish}$`) })).toBeDisabled();
  await customerContext.close();
});

test('staff mark a dish sold out and back from the Menu stock tab, in the dark theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, demo.staff);
  await page.goto('/admin?tab=menu');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff Tools / Order Management' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Menu stock', selected: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search menu items' }).fill('Huli Huli');
  const row = page.getByTestId('menu-admin-item').filter({ hasText: 'Huli Huli Chicken Plate' });
  await expect(row).toHaveCount(1);
  // Staff change stock, not the catalog.
  await expect(page.getByRole('button', { name: 'Add item' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Categories' })).toHaveCount(0);
  await expectAccessible(page);

  const soldOut = row.getByRole('checkbox', { name: 'Sold out: Huli Huli Chicken Plate' });
  await soldOut.check();
  await expect(page.getByText('Huli Huli Chicken Plate is marked sold out.')).toBeVisible();
  await expect(row.getByText('Sold out', { exact: true }).first()).toBeVisible();
  await page.reload();
  await page.getByRole('searchbox', { name: 'Search menu items' }).fill('Huli Huli');
  await expect(soldOut).toBeChecked();
  await soldOut.uncheck();
  await expect(page.getByText('Huli Huli Chicken Plate is available again.')).toBeVisible();
  await expect(row.getByText('Available', { exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search menu items' }).fill('no such dish anywhere');
  await expect(page.getByText('No menu items found')).toBeVisible();
});

test("staff count an option and sell it out from the dish's Options, and an open menu follows", async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  await signIn(page, demo.staff);
  await page.goto('/admin?tab=menu');
  await expect(page.getByRole('tab', { name: 'Menu stock', selected: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search menu items' }).fill('Hawaiian Mixed');
  const row = page.getByTestId('menu-admin-item').filter({ hasText: 'Hawaiian Mixed Plate' });
  await expect(row).toHaveCount(1);
  const toggle = row.getByRole('button', { name: 'Options of Hawaiian Mixed Plate' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const spam = row.getByTestId('option-stock').filter({ hasText: 'Extra Spam' });
  await expect(spam).toContainText('0 available');
  // Only the tracked group has counts; every option has its switch.
  await expect(row.getByRole('spinbutton', { name: 'Stock of Kalua Pork' })).toHaveCount(0);
  await expect(row.getByRole('checkbox', { name: 'Sold out: Kalua Pork' })).toBeVisible();
  await expectAccessible(page);
  // The open options fit a 360 px phone: no sideways scrolling.
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  const { scroll, view } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(scroll, `document ${scroll}px wide in a ${view}px viewport`).toBeLessThanOrEqual(view);
  if (viewport) await page.setViewportSize(viewport);

  // A customer has the menu open: the add-on with no stock is not offered.
  const customerContext = await browser.newContext({ ...testInfo.project.use });
  const customer = await customerContext.newPage();
  await customer.goto('/menu');
  const choose = customer.getByRole('button', { name: 'Choose Options for Hawaiian Mixed Plate' });
  const customise = customer.getByRole('dialog', { name: 'Hawaiian Mixed Plate' });
  await choose.click();
  await expect(customise.getByRole('checkbox', { name: /^Fried Egg/ })).toBeVisible();
  await expect(customise.getByRole('checkbox', { name: /^Extra Spam/ })).toHaveCount(0);
  await customer.keyboard.press('Escape');
  await expect(customise).toBeHidden();

  // A count below the damaged units is refused on its field, by the server.
  const rice = row.getByRole('spinbutton', { name: 'Stock of Extra Rice' });
  await rice.fill('1');
  await row.getByRole('button', { name: 'Save stock of Extra Rice' }).click();
  await expect(row.getByText('Stock cannot be less than the 2 damaged units.')).toBeVisible();
  await expect(rice).toHaveAttribute('aria-invalid', 'true');

  // Spam delivered: 5 counted; the customer's open menu offers it without a reload (menu_update).
  const spamCount = row.getByRole('spinbutton', { name: 'Stock of Extra Spam' });
  await spamCount.fill('5');
  await spamCount.press('Enter');
  await expect(page.getByText('Stock of Extra Spam saved.')).toBeVisible();
  await expect(spam).toContainText('5 available');
  await expect(async () => {
    await choose.click();
    try {
      await expect(customise.getByRole('checkbox', { name: /^Extra Spam/ })).toBeVisible({ timeout: 1_000 });
    } finally {
      await customer.keyboard.press('Escape');
      await expect(customise).toBeHidden();
    }
  }).toPass({ timeout: 15_000 });

  // Sold out, then back; and the count back to what the seed had, for the other specs.
  const spamSoldOut = row.getByRole('checkbox', { name: 'Sold out: Extra Spam' });
  await spamSoldOut.check();
  await expect(page.getByText('Extra Spam is marked sold out.')).toBeVisible();
  await page.reload();
  await page.getByRole('searchbox', { name: 'Search menu items' }).fill('Hawaiian Mixed');
  await row.getByRole('button', { name: 'Options of Hawaiian Mixed Plate' }).click();
  await expect(spamSoldOut).toBeChecked();
  await spamSoldOut.uncheck();
  await expect(page.getByText('Extra Spam is available again.')).toBeVisible();
  await spamCount.fill('0');
  await row.getByRole('button', { name: 'Save stock of Extra Spam' }).click();
  await expect(spam).toContainText('0 available');
  await customerContext.close();
});
