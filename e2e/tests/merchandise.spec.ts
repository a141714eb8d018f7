import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, fillTestCard, test } from './fixtures.ts';

/**
 * Issue #4's shop journey in a real browser against the production build and the demo shop of
 * restaurant 1 (localhost): filter → Quick View → two sizes of one shirt → cart → checkout with the
 * test card → confirmation with both merchandise lines. From the seed: 'Kusina Logo Tee' $25.00 in
 * XS-5XL × Black, White, Red (12 each; XL / Red 2 left, XS / White sold out); the current
 * collection is 'Island Essentials'.
 */

/** Chooses a size in the filter panel: the sidebar on wide screens, the sheet with Apply on phones. */
async function filterBySize(page: Page, size: string): Promise<void> {
  const openSheet = page.getByRole('button', { name: /^Filters/ });
  if (await openSheet.isVisible()) {
    await openSheet.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByRole('group', { name: 'Size' }).getByRole('button', { name: size, exact: true }).click();
    await sheet.getByRole('button', { name: 'Apply' }).click();
    await expect(sheet).toBeHidden();
  } else {
    await page.getByRole('complementary', { name: 'Filters' }).getByRole('group', { name: 'Size' }).getByRole('button', { name: size, exact: true }).click();
  }
  await expect(page.getByRole('button', { name: `Remove filter Size: ${size}` })).toBeVisible();
}

async function openQuickView(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: `Quick View of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function chooseVariant(dialog: Locator, size: string, color: string): Promise<void> {
  await dialog.getByRole('group', { name: /^Size/ }).getByRole('button', { name: size, exact: true }).click();
  const colors = dialog.getByRole('group', { name: /^Color/ });
  await colors.getByRole('button', { name: color, exact: true }).click();
  await expect(colors.getByRole('button', { name: color, exact: true })).toHaveAttribute('aria-pressed', 'true');
}

test('a guest filters the shop, adds two sizes of a shirt from the Quick View, pays and sees both on the confirmation', async ({ page }) => {
  await page.goto('/merchandise');
  await expect(page.getByRole('heading', { level: 1, name: 'Merchandise' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Island Essentials' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Everyday tees, hats and stickers from the Kusina kitchen crew.')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Kusina Logo Tee' })).toBeVisible();
  await expectAccessible(page);

  // Size M: hats and stickers go, shirts that come in M stay; the filter is in the URL.
  await filterBySize(page, 'M');
  await expect(page.getByRole('article', { name: 'Kusina Snapback' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Kusina Logo Tee' })).toBeVisible();
  await expect(page).toHaveURL(/size=M/);

  const dialog = await openQuickView(page, 'Kusina Logo Tee');
  await expect(page).toHaveURL(/item=\d+/);
  await expectAccessible(page);

  await chooseVariant(dialog, 'M', 'Black');
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added Kusina Logo Tee to cart')).toBeVisible();

  await chooseVariant(dialog, 'L', 'Red');
  await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added 2 Kusina Logo Tee to cart')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The lines are in the cart once the badge says so.
  await expect(page.getByRole('link', { name: /^Cart, 3 items/ })).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByText('Size: M · Color: Black')).toBeVisible();
  await expect(page.getByText('Size: L · Color: Red')).toBeVisible();
  await expect(page.getByText('Merchandise subtotal').locator('xpath=following-sibling::dd')).toHaveText('$75.00');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('order-total')).toHaveText('$75.00');
  await expect(page.getByText('(M / Black)')).toBeVisible();
  await expect(page.getByText('(L / Red)')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Leilani Aguon');
  await page.getByLabel('Email').fill('leilani@example.com');
  await page.getByLabel('Phone').fill('+16715550188');
  await expect(page.getByRole('note', { name: 'Test mode' })).toBeVisible();
  await fillTestCard(page);
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/order-confirmation\/\d+/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  const shirts = page.getByRole('list', { name: 'Merchandise items' }).getByRole('listitem');
  await expect(shirts).toHaveCount(2);
  await expect(shirts.filter({ hasText: 'Size: M' })).toContainText('Color: Black');
  await expect(shirts.filter({ hasText: 'Size: M' })).toContainText('$25.00 × 1');
  await expect(shirts.filter({ hasText: 'Size: L' })).toContainText('Color: Red');
  await expect(shirts.filter({ hasText: 'Size: L' })).toContainText('$25.00 × 2');
  await expect(page.getByText('Merchandise subtotal').locator('xpath=following-sibling::dd')).toHaveText('$75.00');
  await expect(page.getByText('Food subtotal').locator('xpath=following-sibling::dd')).toHaveText('$0.00');
  await expectAccessible(page);
});

test('the Quick View keeps the quantity within the variant stock and refuses sold-out variants', async ({ page }) => {
  await page.goto('/merchandise');
  const dialog = await openQuickView(page, 'Kusina Logo Tee');
  // XS comes in Black and Red, but White is sold out.
  await dialog.getByRole('group', { name: /^Size/ }).getByRole('button', { name: 'XS', exact: true }).click();
  await expect(dialog.getByRole('group', { name: /^Color/ }).getByRole('button', { name: 'White, sold out' })).toBeDisabled();
  await chooseVariant(dialog, 'XL', 'Red');
  await expect(dialog.getByText('Only 2 left')).toBeVisible();
  const quantity = dialog.getByRole('spinbutton', { name: 'Quantity' });
  await quantity.fill('9');
  await quantity.blur();
  await expect(quantity).toHaveValue('2');
  await expect(dialog.getByRole('button', { name: 'Increase quantity of Kusina Logo Tee' })).toBeDisabled();

  // A shared link opens the same Quick View.
  const link = page.url();
  await page.goto(link);
  await expect(page.getByRole('dialog', { name: 'Kusina Logo Tee' })).toBeVisible();
});

// A card shows the back of the item on hover (decision 0082): only where a pointer hovers. A phone
// never fetches the backs (they are not displayed, so their lazy images never load).
test("a card's back image is fetched only where a pointer can hover over the card", async ({ page, isMobile }) => {
  const backs: string[] = [];
  page.on('request', (request) => {
    if (/-back\.svg$/.test(new URL(request.url()).pathname)) backs.push(request.url());
  });
  await page.goto('/merchandise');
  const card = page.getByRole('article', { name: 'Kusina Logo Tee' });
  await expect(card).toBeVisible();
  const back = card.getByTestId('card-back-image');
  if (isMobile) {
    await page.waitForTimeout(1_500);
    await expect(back).toBeHidden();
    expect(backs).toEqual([]);
  } else {
    await card.hover();
    await expect(back).toHaveCSS('opacity', '1');
    await expect.poll(() => backs.some((url) => url.endsWith('/kusina-logo-tee-back.svg'))).toBe(true);
  }
});
