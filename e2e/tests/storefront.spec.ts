import type { Page } from '@playwright/test';
import { expect, expectAccessible, fillTestCard, openAllDayDuringSpec, RESTAURANT_TWO_ORIGIN, signIn, test } from './fixtures.ts';

/**
 * Issue #3's ordering journey in a real browser against the production build: browse → customise →
 * cart → promo → pay with the test card → confirmation → history. Prices come from the demo menu:
 * Hawaiian Mixed Plate $15.95, Garlic Shrimp +$3.00, sauces with one free (the most expensive),
 * Fina'denne' at the $2 default, Chili Pepper Water $0.50; Chicken Katsu Plate $13.95 (no options, untracked stock).
 */

// The guest orders "as soon as possible" and reads its confirmation's words, at any hour in Guam (issue #23).
openAllDayDuringSpec();

async function addMixedPlate(page: Page): Promise<void> {
  await page.goto('/menu');
  await expect(page.getByRole('heading', { name: 'Menu', exact: true }).or(page.getByRole('searchbox', { name: 'Search menu' }))).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search menu' }).fill('mixed plate');
  await page.getByRole('button', { name: 'Choose Options for Hawaiian Mixed Plate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hawaiian Mixed Plate' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);

  // The out-of-stock add-on is hidden; a required choice is enforced.
  await expect(dialog.getByRole('checkbox', { name: /^Extra Spam/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(dialog.getByText('Please select at least 1 option(s).')).toBeVisible();

  await dialog.getByRole('radio', { name: /^Garlic Shrimp/ }).check();
  await dialog.getByRole('checkbox', { name: /^Fina'denne'/ }).check();
  await dialog.getByRole('checkbox', { name: /^Chili Pepper Water/ }).check();
  // One sauce is free and it is the most expensive one: Fina'denne' ($2 default).
  await expect(dialog.getByRole('checkbox', { name: /^Fina'denne' Free/ })).toBeChecked();
  await expect(dialog.getByText('$19.45')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(dialog).toBeHidden();
}

async function addKatsuPlate(page: Page): Promise<void> {
  await page.goto('/menu');
  await page.getByRole('searchbox', { name: 'Search menu' }).fill('chicken katsu');
  await page.getByRole('button', { name: 'Add Chicken Katsu Plate to Cart' }).click();
  // The line lands once the cart rules have loaded: wait for the badge, not for the click.
  await expect(page.getByText('Added Chicken Katsu Plate to cart')).toBeVisible();
}

async function fillContact(page: Page, contact = { name: 'Kai Santos', email: 'kai@example.com', phone: '+16715550177' }): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(contact.name);
  await page.getByLabel('Email').fill(contact.email);
  await page.getByLabel('Phone').fill(contact.phone);
}

async function payWith(page: Page, cardNumber: string): Promise<void> {
  await expect(page.getByRole('note', { name: 'Test mode' })).toBeVisible();
  await fillTestCard(page, cardNumber);
  await page.getByRole('button', { name: 'Place Order' }).click();
}

test('a guest customises a plate, applies a promo, pays with the test card and sees the confirmation', async ({ page }) => {
  await addMixedPlate(page);
  await addKatsuPlate(page);

  await page.goto('/cart');
  await expect(page.getByRole('link', { name: /^Cart, 2 items/ })).toBeVisible();
  await page.getByRole('button', { name: 'Increase quantity of Chicken Katsu Plate' }).click();
  await expect(page.getByText('Garlic Shrimp').first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  // $19.45 + 2 × $13.95, priced by the server.
  await expect(page.getByText('$47.35').first()).toBeVisible();
  await fillContact(page);
  await page.getByLabel('Promo code').fill('ALOHA10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('$42.62').or(page.getByText('$42.61')).first()).toBeVisible();
  await expectAccessible(page);
  await payWith(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(/\/order-confirmation\/\d+/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  await expect(page.getByTestId('order-number')).toContainText(/K-\d+/);
  await expect(page.getByText('Garlic Shrimp').first()).toBeVisible();
  await expect(page.getByText(/ETA will be sent once staff begin preparing/)).toBeVisible();
  await expectAccessible(page);

  // The cart is empty after the order.
  await page.goto('/cart');
  await expect(page.getByRole('link', { name: /^Cart, 0 items/ })).toBeVisible();
});

test('a declined card shows the payment error and a retry with a good card places one order', async ({ page }) => {
  await addKatsuPlate(page);
  await page.goto('/checkout');
  await fillContact(page);
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByText('Payment failed: Your card was declined.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
});

test('a signed-in customer checks out with prefilled details and finds the order in history', async ({ page }) => {
  await signIn(page, 'customer@kusina.test');
  await addKatsuPlate(page);
  await page.goto('/checkout');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Maria Cruz');
  await expect(page.getByLabel('Email')).toHaveValue('customer@kusina.test');
  await payWith(page, '4242424242424242');
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').innerText()).match(/K-\d+/)?.[0];
  expect(orderNumber).toBeTruthy();

  await page.goto('/orders');
  await expect(page.getByRole('link', { name: `View order ${orderNumber}` })).toBeVisible();
  // Completed: the account's past orders (the demo's history, decision 0129), not the new one.
  await page.getByLabel('Status').selectOption('completed');
  await expect(page.getByRole('link', { name: `View order ${orderNumber}` })).toBeHidden();
  await expect(page.getByRole('link', { name: /^View order K-\d+$/ }).first()).toBeVisible();
  // Ready: none (history is over, the new order is pending).
  await page.getByLabel('Status').selectOption('ready');
  await expect(page.getByText('No orders match your current filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('link', { name: `View order ${orderNumber}` })).toBeVisible();
  await expectAccessible(page);
});

test('the VIP-only restaurant asks for a valid VIP code before payment', async ({ page }) => {
  const origin = RESTAURANT_TWO_ORIGIN;
  await page.goto(`${origin}/menu`);
  const firstAdd = page.getByRole('button', { name: /^Add .+ to Cart$/ }).first();
  await firstAdd.click();
  await expect(page.getByRole('link', { name: /^Cart, 1 item/ })).toBeVisible();
  await page.goto(`${origin}/checkout`);
  await fillContact(page);
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  await page.getByLabel('VIP code').fill('NOT-A-CODE');
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByText('Invalid VIP code').first()).toBeVisible();
  await page.getByLabel('VIP code').fill('VIP2026');
  await page.getByRole('button', { name: 'Validate' }).click();
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
});
