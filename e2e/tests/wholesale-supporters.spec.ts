import type { Page } from '@playwright/test';
import { expect, expectAccessible, fillTestCard, test } from './fixtures.ts';

/**
 * Issue #36's supporter journey on a phone (360 px): a supporter arrives through a participant's
 * link (the URL their QR code encodes), buys with a donation and the round-up, sees what the order
 * added to the participant's goal, and the leaderboard and supporters wall move live in a second
 * browser context. Axe-clean in both themes, nothing scrolls sideways. From the seed: 'Tamuning
 * Tigers Little League', participant Josh Santos ($500 goal), Coconut Cookies ($12, no stock count).
 */

test.use({ viewport: { width: 360, height: 760 } });
test.skip(({ isMobile }) => !isMobile, 'the phone journey runs once, in the mobile project');

async function checkBothThemes(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `no horizontal scroll on ${page.url()}`).toBe(true);
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page);
  }
}

const dollars = (text: string | null) => Number((text ?? '').match(/\$([\d,]+\.\d\d) raised/)?.[1]?.replace(/,/g, '') ?? Number.NaN);

test('a supporter comes through a participant link, buys with a donation, sees the impact, and the leaderboard moves live', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const fundraiser = (await (await request.get('/api/v1/wholesale/fundraisers/tamuning-tigers')).json()).data.fundraiser as { participants: { id: number; name: string }[] };
  const josh = fundraiser.participants.find((p) => p.name === 'Josh Santos')!;
  const link = `/wholesale/tamuning-tigers/participants/${josh.id}`;

  // A second person watches the fundraiser page (its leaderboard) on another phone.
  const watcherContext = await browser.newContext({ viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  const watcher = await watcherContext.newPage();
  await watcher.goto('/wholesale/tamuning-tigers');
  const board = watcher.getByTestId('leaderboard');
  const joshRow = board.getByRole('listitem').filter({ hasText: 'Josh Santos' });
  await expect(joshRow).toContainText('raised');
  const before = dollars(await joshRow.textContent());
  expect(before).toBeGreaterThanOrEqual(0);

  // The supporter scans the QR code of Josh's flyer: his page, then the shop.
  await page.goto(link);
  await page.getByRole('link', { name: 'Shop to support Josh Santos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tamuning Tigers Little League' })).toBeVisible();
  await expect(page.getByText('You are supporting Josh Santos. They will be selected at checkout.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent supporters' })).toBeVisible();
  await checkBothThemes(page);

  await page.getByRole('button', { name: 'Add Coconut Cookies (dozen)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Coconut Cookies (dozen)' });
  await dialog.getByRole('button', { name: /^Add to Cart/ }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: 'View Cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
  await page.getByRole('button', { name: /^Checkout · / }).click();

  // Checkout: Josh is already chosen (the link); a $5.50 donation and the round-up ($12 + $5.50 → $18).
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.getByLabel(/^Name/).fill('Lena Cruz Reyes');
  await page.getByLabel(/^Email/).fill(`lena-${Date.now()}@example.com`);
  await page.getByLabel(/^Phone/).fill('+16715550199');
  await expect(page.getByRole('radio', { name: 'Josh Santos' })).toBeChecked();
  await page.getByLabel(/^Donation amount/).fill('5.50');
  await page.getByRole('checkbox', { name: 'Round up to the next dollar (+$0.50)' }).check();
  await page.getByRole('radio', { name: 'As Lena R.' }).check();
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary).toContainText('Donation$5.50');
  await expect(summary).toContainText('Round-up$0.50');
  await expect(summary).toContainText('Total$18.00');
  await fillTestCard(page);
  await checkBothThemes(page);
  await page.getByRole('button', { name: 'Place Order' }).click();

  // The impact, in the server's figures, and the invitation to share Josh's link.
  await expect(page.getByRole('heading', { name: 'Wholesale Order Confirmed!' })).toBeVisible();
  const impact = page.getByTestId('order-impact');
  await expect(impact).toContainText(/Your order added \$18\.00 to Josh Santos's goal — now \d+% of \$500\.00/);
  await expect(impact.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', new RegExp(encodeURIComponent(`/participants/${josh.id}`)));
  await expect(page.getByText('Donation').first()).toBeVisible();
  await checkBothThemes(page);

  // The other phone's leaderboard and wall moved without a reload.
  await expect.poll(async () => dollars(await joshRow.textContent()), { timeout: 15_000 }).toBeCloseTo(before + 18, 2);
  await expect(watcher.getByTestId('supporters-wall').getByRole('listitem').first()).toContainText('Lena R. supported Josh Santos');
  await expect(watcher.getByTestId('supporters-wall')).not.toContainText('Reyes');
  await checkBothThemes(watcher);

  // Leave the demo as it was: the supporter cancels (refunded through the ledger), and the board follows.
  const url = new URL(page.url());
  const orderId = url.pathname.match(/orders\/(\d+)/)?.[1];
  const cancelled = await request.delete(`/api/v1/wholesale/orders/${orderId}/cancel?token=${encodeURIComponent(url.searchParams.get('token') ?? '')}`);
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  await expect.poll(async () => dollars(await joshRow.textContent()), { timeout: 15_000 }).toBeCloseTo(before, 2);
  await watcherContext.close();
});
