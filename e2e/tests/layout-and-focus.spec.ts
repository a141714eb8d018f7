import type { Locator, Page } from '@playwright/test';
import { demo, expect, expectAccessible, fillTestCard, signIn, test } from './fixtures.ts';

/**
 * Issue #23 on the smallest phone we support (360 px): no page scrolls sideways, long names wrap,
 * every dialog fits with its Close visible, focus goes back to the control that opened a dialog,
 * a focused option never hides under the customisation dialog's total bar, and a route change
 * moves focus to the new page's heading. One project is enough: the viewport is fixed here.
 */
test.use({ viewport: { width: 360, height: 740 } });
test.skip(({ isMobile }) => !isMobile, 'the 360 px checks run once, in the mobile project');

/** A 29-character customer name, as in the issue. */
const LONG_NAME = 'Maria Concepcion Santos-Cruzz';

async function expectNoHorizontalOverflow(page: Page, label: string): Promise<void> {
  // Let lazy chunks and data settle: the width is what the visitor ends up with.
  await page.waitForLoadState('networkidle');
  const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scrollWidth, `${label}: document ${scrollWidth}px wide in a ${width}px viewport`).toBeLessThanOrEqual(width);
}

/** The dialog is inside the viewport and its Close button can be seen and reached. */
async function expectDialogFits(page: Page, dialog: Locator, closeName: string | RegExp = 'Close'): Promise<void> {
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360 + 0.5);
  const close = dialog.getByRole('button', { name: closeName }).first();
  await expect(close).toBeInViewport({ ratio: 1 });
}

async function expectFocused(locator: Locator, what: string): Promise<void> {
  await expect(locator, `focus is back on ${what}`).toBeFocused();
}

async function addKatsuPlate(page: Page): Promise<void> {
  await page.goto('/menu');
  await page.getByRole('searchbox', { name: 'Search menu' }).fill('chicken katsu');
  await page.getByRole('button', { name: 'Add Chicken Katsu Plate to Cart' }).click();
  await expect(page.getByText('Added Chicken Katsu Plate to cart')).toBeVisible();
}

test('no storefront page scrolls sideways at 360 px, with a full cart and a long name', async ({ page }) => {
  for (const path of ['/', '/menu', '/merchandise', '/cart', '/checkout', '/login', '/signup', '/forgot-password', '/reset-password?token=t&email=a%40b.co', '/order-confirmation/2147483647', '/reservations', '/wholesale']) {
    await page.goto(path);
    await expectNoHorizontalOverflow(page, path);
  }

  // The toast that confirms an add never covers the cart badge it talks about.
  await addKatsuPlate(page);
  const cartBox = (await page.getByRole('link', { name: /^Cart, 1 item/ }).boundingBox())!;
  // Where the toast comes to rest (it slides in from above the header while it appears).
  await expect
    .poll(async () => (await page.getByText('Added Chicken Katsu Plate to cart').boundingBox())?.y ?? 0, { message: 'the toast sits below the cart badge' })
    .toBeGreaterThanOrEqual(cartBox.y + cartBox.height);

  await page.goto('/merchandise');
  await page.getByRole('button', { name: /^Quick View of / }).first().click();
  const quickView = page.getByRole('dialog');
  await expectDialogFits(page, quickView);
  await expectNoHorizontalOverflow(page, 'Quick View');
  await page.keyboard.press('Escape');

  await page.goto('/cart');
  await expectNoHorizontalOverflow(page, '/cart with a line');
  await page.goto('/checkout');
  await page.getByLabel('Name', { exact: true }).fill(LONG_NAME);
  await page.getByLabel('Email').fill('maria.concepcion.santos.cruzz@example.com');
  await page.getByLabel('Phone').fill('+16715550177');
  await expect(page.getByRole('note', { name: 'Test mode' })).toBeVisible();
  await fillTestCard(page);
  await expectNoHorizontalOverflow(page, '/checkout filled in');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  await expectNoHorizontalOverflow(page, 'the confirmation');

  // Signed-in pages, then the staff board with that long-named order and its detail dialog.
  await signIn(page, demo.customer);
  for (const path of ['/orders', '/profile']) {
    await page.goto(path);
    await expectNoHorizontalOverflow(page, path);
  }
});

test('the staff board at 360 px: a long name wraps, every tab fits, the order dialog fits and gives focus back to View', async ({ page }) => {
  await addKatsuPlate(page);
  await page.goto('/checkout');
  await page.getByLabel('Name', { exact: true }).fill(LONG_NAME);
  await page.getByLabel('Email').fill('maria@example.com');
  await page.getByLabel('Phone').fill('+16715550177');
  await expect(page.getByRole('note', { name: 'Test mode' })).toBeVisible();
  await fillTestCard(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').innerText()).match(/K-\d+/)![0];

  await signIn(page, demo.admin);
  await page.goto('/admin');
  const card = page.getByTestId('order-card').filter({ hasText: orderNumber });
  await expect(card.getByText(LONG_NAME)).toBeVisible();
  await expectNoHorizontalOverflow(page, '/admin');
  const view = card.getByRole('button', { name: `View order ${orderNumber}` });
  // The card's status and View are on screen, not cut off at the right edge.
  await view.scrollIntoViewIfNeeded();
  await expect(view).toBeInViewport({ ratio: 1 });
  await expect(card.getByText('Pending').first()).toBeInViewport({ ratio: 1 });
  await view.click();
  const detail = page.getByRole('dialog', { name: `Order ${orderNumber}` });
  await expect(detail.getByTestId('order-detail')).toBeVisible();
  await expectDialogFits(page, detail);
  await expectNoHorizontalOverflow(page, 'the order dialog');
  await detail.getByRole('button', { name: 'Close' }).first().click();
  await expect(detail).toBeHidden();
  await expectFocused(view, 'View');

  for (const tab of ['Menu', 'Merchandise', 'Staff & Discounts', 'Restaurant', 'Message outbox']) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expectNoHorizontalOverflow(page, `/admin ${tab}`);
  }

  // The menu editor's item dialog fits a phone and gives focus back to Add item.
  await page.getByRole('tab', { name: 'Menu', exact: true }).click();
  const addItem = page.getByRole('button', { name: 'Add item' });
  await addItem.click();
  const itemDialog = page.getByRole('dialog', { name: 'Add menu item' });
  await expectDialogFits(page, itemDialog);
  await expectNoHorizontalOverflow(page, 'the menu item dialog');
  await page.keyboard.press('Escape');
  await expect(itemDialog).toBeHidden();
  await expectFocused(addItem, 'Add item');
  for (const path of ['/reservations/dashboard/reservations', '/reservations/dashboard/waitlist', '/reservations/dashboard/seating']) {
    await page.goto(path);
    // The seat map (2000 px wide at Medium) scrolls inside its own box, never the page.
    if (path.endsWith('seating')) await expect(page.getByRole('button', { name: /^Seat T1-1, / })).toBeAttached();
    await expectNoHorizontalOverflow(page, path);
  }
});

test('focus returns to the opener of every storefront dialog, never hides under the total bar, and follows route changes', async ({ page }) => {
  // Customise: opened from the dish's button, closed with Escape.
  await page.goto('/menu');
  // The menu in sections under a sticky category bar, axe clean.
  await expect(page.getByRole('heading', { level: 2, name: 'Plate Lunches' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'true');
  await expectAccessible(page);
  await page.getByRole('searchbox', { name: 'Search menu' }).fill('mixed plate');
  const choose = page.getByRole('button', { name: 'Choose Options for Hawaiian Mixed Plate' });
  await choose.click();
  const dialog = page.getByRole('dialog', { name: 'Hawaiian Mixed Plate' });
  await expect(dialog).toBeVisible();
  await expectDialogFits(page, dialog);

  // Tab through every control: none may end up under the sticky total bar.
  const bar = dialog.getByTestId('customize-total').locator('xpath=ancestor::div[contains(@class,"sticky")][1]');
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    if (await bar.evaluate((node) => node.contains(document.activeElement))) continue;
    const [control, barBox] = [await focused.boundingBox(), await bar.boundingBox()];
    if (!control || !barBox) continue;
    expect(control.y + control.height, `${await focused.evaluate((n) => n.outerHTML.slice(0, 80))} is above the total bar`).toBeLessThanOrEqual(barBox.y + 1);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocused(choose, 'Choose Options');

  // Quick View and the filters sheet.
  await page.goto('/merchandise');
  const quickView = page.getByRole('button', { name: /^Quick View of / }).first();
  await quickView.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  await expectFocused(quickView, 'Quick View');
  const filters = page.getByRole('button', { name: /^Filters/ });
  await filters.click();
  await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Close filters' }).click();
  await expectFocused(filters, 'Filters');

  // The mobile menu; choosing a page there moves focus to that page's heading.
  const burger = page.getByRole('button', { name: 'Open menu' });
  const mobileMenu = page.getByRole('dialog', { name: 'Menu' });
  await burger.click();
  await expect(mobileMenu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(mobileMenu).toBeHidden();
  await expectFocused(burger, 'the menu button');
  await burger.click();
  await expect(mobileMenu).toBeVisible();
  await mobileMenu.getByRole('link', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our Menu' })).toBeFocused();
  await expect(page.locator('#route-announcer')).toHaveText('Our Menu');
});
