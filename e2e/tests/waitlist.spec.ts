import type { Page } from '@playwright/test';
import { demo, expect, expectAccessible, RESTAURANT_TWO_ORIGIN, signIn, test } from './fixtures.ts';

/**
 * The back office Waitlist (decision 0058) in a real browser against the production build: staff
 * see tonight's demo waitlist, add a walk-in, see it on the list and seat it; removing asks first and
 * focus stays on the row. At 360 px the tab and its dialog fit without sideways scrolling.
 */

async function openWaitlist(page: Page): Promise<void> {
  await signIn(page, demo.staff);
  await page.goto('/reservations/dashboard/waitlist');
  await expect(page.getByRole('heading', { level: 2, name: 'Waitlist' })).toBeVisible();
  // Tonight's demo waitlist (seeded for today in Guam).
  await expect(page.getByText('Manny Camacho')).toBeVisible();
}

test('staff add a walk-in, see it on the list and seat it; removing asks first', async ({ page }, testInfo) => {
  await openWaitlist(page);
  const tabs = page.getByRole('navigation', { name: 'Reservations dashboard' });
  await expect(tabs.getByRole('link')).toHaveText(['Reservations', 'Waitlist', 'Seating']);
  await expect(tabs.getByRole('link', { name: 'Waitlist' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);

  const run = String(Date.now() % 10000).padStart(4, '0');
  const guest = `Walk-in ${testInfo.project.name} ${run}`;
  const add = page.getByRole('button', { name: 'Add to Waitlist' });
  await add.click();
  const dialog = page.getByRole('dialog', { name: 'Add to Waitlist' });
  await expect(dialog.getByLabel('Phone')).toHaveValue('+1671');
  await dialog.getByLabel('Guest Name').fill(guest);
  await dialog.getByLabel('Phone').fill(`+1671777${run}`);
  await dialog.getByLabel('Party Size').fill('2');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Add to Waitlist' }).click();
  await expect(page.getByText('Added to the waitlist.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  const row = page.getByRole('row').filter({ hasText: guest });
  await expect(row).toContainText(`+1 (671) 777-${run}`);
  await expect(row).toContainText('Waiting');
  await expect(row).toContainText(/\d+ min/);
  // The newest walk-in is last: the list is in check-in order.
  await expect(page.getByRole('row').last()).toContainText(guest);
  await page.getByPlaceholder('Search waitlist...').fill(`777-${run}`);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByPlaceholder('Search waitlist...').fill('');

  // Seat goes through the floor's seat choice: exactly the party's number of free seats on the map.
  await row.getByRole('button', { name: `Seat ${guest}` }).click();
  const map = page.getByRole('dialog', { name: 'Seat from Waitlist' });
  const free = map.getByRole('button', { name: /^Seat \S+, free$/ });
  await expect(free.first()).toBeVisible();
  await expectAccessible(page);
  // A picked seat reads "selected", so the first free one is always another.
  for (let i = 0; i < 2; i++) await free.first().click();
  await map.getByRole('button', { name: 'Seat Now' }).click();
  await expect(map).toBeHidden();
  await expect(row).toContainText('Seated');
  await expect(row).toContainText(/Seated at \S+/);
  await expect(row.getByRole('button', { name: `Back to waiting ${guest}` })).toBeFocused();

  // The server kept it.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: guest })).toContainText('Seated');

  // Put back, then removed after confirming; focus stays on the row.
  const again = page.getByRole('row').filter({ hasText: guest });
  await again.getByRole('button', { name: `Back to waiting ${guest}` }).click();
  await expect(again).toContainText('Waiting');
  await again.getByRole('button', { name: `Remove ${guest}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove from waitlist?' });
  await expect(confirm).toContainText(`${guest} (party of 2) leaves the waitlist`);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(again).toContainText('Removed');
  await expect(again.getByRole('button', { name: `Back to waiting ${guest}` })).toBeFocused();
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test.skip(({ isMobile }) => !isMobile, 'the 360 px checks run once, in the mobile project');

  test('the waitlist tab and its dialog fit without scrolling sideways', async ({ page }) => {
    await openWaitlist(page);
    await page.waitForLoadState('networkidle');
    const width = async () => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
    let { scroll, view } = await width();
    expect(scroll, `the waitlist is ${scroll}px wide in a ${view}px viewport`).toBeLessThanOrEqual(view);
    // Each party is a card: its actions are on screen, not cut off at the right edge.
    const card = page.getByRole('row').filter({ hasText: 'Manny Camacho' });
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole('button', { name: 'Remove Manny Camacho' })).toBeInViewport({ ratio: 1 });
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add to Waitlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Waitlist' });
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360 + 0.5);
    ({ scroll, view } = await width());
    expect(scroll).toBeLessThanOrEqual(view);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Add to Waitlist' })).toBeFocused();
  });
});

test.describe('the blue restaurant in the dark', () => {
  test.use({ colorScheme: 'dark', baseURL: RESTAURANT_TWO_ORIGIN });

  test("its admin sees only its own waitlist, accessible in its theme", async ({ page }) => {
    await signIn(page, 'admin2@kusina.test');
    await page.goto('/reservations/dashboard/waitlist');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'blue');
    await expect(page.getByText('Ramon Sablan')).toBeVisible();
    await expect(page.getByText('Manny Camacho')).toHaveCount(0);
    await expectAccessible(page);
  });
});
