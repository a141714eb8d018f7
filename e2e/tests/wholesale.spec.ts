import type { Page } from '@playwright/test';
import { demo, expect, expectAccessible, fillTestCard, signIn, test } from './fixtures.ts';

/**
 * Issue #22's supporter journey against the production build and the demo fundraisers of
 * restaurant 1: list → fundraiser → customise → Switch Fundraisers modal → cart fix → checkout with
 * a participant → confirmation → history filters → detail → cancel. From the seed: 'Tamuning
 * Tigers Little League' (Tigers Team Tee by size and colour, Finadene Hot Sauce counted per item,
 * participant Josh Santos) and 'St. Anthony Youth Choir'.
 */

async function openItem(page: Page, name: string, button: RegExp = /^(Choose options for|Add) /) {
  await page.getByRole('button', { name: new RegExp(`${button.source}${name}$`) }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a supporter shops a fundraiser, fixes the cart, pays for a participant, filters history and cancels', async ({ page }) => {
  test.setTimeout(180_000);
  // A supporter never downloads management code (the admin dashboard and its Fundraisers tab).
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await signIn(page, demo.customer);
  await page.goto('/wholesale');
  await expect(page.getByRole('heading', { level: 1, name: 'Fundraisers' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Tamuning Tigers Little League/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Hagåtña Canoe Club/ })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByLabel('Search fundraisers').fill('choir');
  await expect(page.getByRole('link', { name: /Tamuning Tigers/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /St. Anthony Youth Choir/ })).toBeVisible();
  await page.getByLabel('Search fundraisers').fill('');

  await page.getByRole('link', { name: /Tamuning Tigers Little League/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tamuning Tigers Little League' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Josh Santos' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no horizontal scroll').toBe(true);
  await expectAccessible(page);

  // Customise: Add to Cart waits for both groups; XL / Orange is sold out on the server.
  const tee = await openItem(page, 'Tigers Team Tee');
  const add = tee.getByRole('button', { name: /^Add to Cart/ });
  await expect(add).toBeDisabled();
  await tee.getByRole('radio', { name: 'XL' }).check();
  await tee.getByRole('radio', { name: 'Orange' }).check();
  await add.click();
  await expect(tee.getByRole('alert')).toContainText('Cannot add to cart');
  await expect(tee.getByRole('alert')).toContainText('Tigers Team Tee (XL / Orange) is out of stock');
  await tee.getByRole('radio', { name: 'M', exact: true }).check();
  await expectAccessible(page);
  await tee.getByRole('button', { name: 'Increase quantity of Tigers Team Tee' }).click();
  await add.click();
  await expect(tee).toBeHidden();

  const sauce = await openItem(page, 'Finadene Hot Sauce');
  await sauce.getByRole('button', { name: /^Add to Cart/ }).click();
  await expect(sauce).toBeHidden();
  await expect(page.getByRole('link', { name: 'View Cart' })).toBeVisible();

  // Another fundraiser's item: the Switch Fundraisers modal; keep the current cart.
  await page.goto('/wholesale/st-anthony-choir');
  const candles = await openItem(page, 'Advent Candle Set');
  await candles.getByRole('button', { name: /^Add to Cart/ }).click();
  const modal = page.getByRole('dialog', { name: 'Switch Fundraisers?' });
  await expect(modal).toBeVisible();
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Keep Current Cart' }).click();
  await expect(modal).toBeHidden();

  // The cart, with a price the server no longer agrees with: the automatic fix takes the server's.
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('wholesaleCart') ?? '{}') as { state: { items: { name: string; priceCents: number }[] } };
    for (const line of stored.state.items) if (line.name === 'Finadene Hot Sauce') line.priceCents = 1;
    localStorage.setItem('wholesaleCart', JSON.stringify(stored));
  });
  await page.goto('/wholesale/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
  await expect(page.getByText('Supporting: Tamuning Tigers Little League')).toBeVisible();
  await expect(page.getByText('Some items in your cart need attention')).toBeVisible();
  await expect(page.getByText(/Price changed .* please review/).first()).toBeVisible();
  await expect(page.getByText('SKU: TT-TEE')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Fix Cart Automatically' }).click();
  await expect(page.getByText(/Cart fixed! Removed 0, adjusted 0, price updated 1/)).toBeVisible();
  await expect(page.getByText('Some items in your cart need attention')).toBeHidden();

  // Checkout with a participant; the total is the server's ($25 × 2 + $9).
  await page.goto('/wholesale/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(demo.customer);
  const place = page.getByRole('button', { name: 'Place Order' });
  await expect(place).toBeDisabled();
  await page.getByRole('radio', { name: 'Josh Santos' }).check();
  await fillTestCard(page);
  await expectAccessible(page);
  await place.click();

  await expect(page.getByRole('heading', { name: 'Wholesale Order Confirmed!' })).toBeVisible();
  await expect(page.getByText('Supporting Josh Santos', { exact: false })).toBeVisible();
  await expect(page.getByText('$59.00').first()).toBeVisible();
  await expectAccessible(page);
  const orderNumber = (await page.getByText(/^Order W-\d+/).textContent())?.match(/W-\d+/)?.[0] ?? '';
  expect(orderNumber).toMatch(/^W-\d+$/);

  // History with filters.
  await page.goto('/wholesale/orders');
  await expect(page.getByRole('heading', { level: 2, name: `Order ${orderNumber}` })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Fundraiser' }).fill('choir');
  await expect(page.getByRole('heading', { level: 2, name: `Order ${orderNumber}` })).toBeHidden();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('cancelled');
  await expect(page.getByText('No orders match your filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear All Filters' }).click();
  await page.getByRole('textbox', { name: 'Fundraiser' }).fill('tigers');
  await expect(page.getByRole('heading', { level: 2, name: `Order ${orderNumber}` })).toBeVisible();

  // Detail with its real items, then cancel.
  await page.getByRole('link', { name: `View details of order ${orderNumber}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText('2 × Tigers Team Tee')).toBeVisible();
  await expect(page.getByText('Your order has been confirmed and payment has been processed successfully.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Cancel Order' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel Order' });
  await expect(confirm).toContainText('Are you sure you want to cancel this order?');
  await confirm.getByRole('button', { name: 'Yes, Cancel Order' }).click();
  await expect(page.getByText('This order has been cancelled.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  expect(scripts.some((url) => /fundraiser-list-page/.test(url))).toBe(true);
  expect(scripts.filter((url) => /fundraiser-management|admin-dashboard|fundraiser-orders/.test(url))).toEqual([]);
});

test('unknown and ended fundraisers go back to the list with their warnings', async ({ page }) => {
  await page.goto('/wholesale/no-such-fundraiser');
  await expect(page).toHaveURL(/\/wholesale$/);
  await expect(page.getByText('That fundraiser is not available.')).toBeVisible();
  await page.goto('/wholesale/hagatna-canoe-club');
  await expect(page.getByText('This fundraiser is not currently accepting orders.')).toBeVisible();
  await page.goto('/wholesale/cart');
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Fundraisers' })).toBeVisible();
  await expectAccessible(page);
});
