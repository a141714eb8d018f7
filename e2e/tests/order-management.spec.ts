import type { Locator, Page } from '@playwright/test';
import { demo, E2E_PORT, expect, expectAccessible, fillTestCard, openAllDayDuringSpec, signIn, test } from './fixtures.ts';

/**
 * Issue #5's order management in a real browser against the production build: a staff member has
 * the live board open in one browser context while a guest orders in another; the order arrives on
 * the board without a reload, staff acknowledge it, start preparing with an ETA, push the ETA, mark
 * it ready and picked up, and the guest's confirmation page shows every step as it happens. axe runs
 * on the admin pages.
 */

const LOCAL_ORIGIN = `http://localhost:${E2E_PORT}`;

/**
 * The clock time the order's ETA panel shows: "6:30 PM", or "Mon, Nov 23, 12:19 AM" when the ETA
 * falls on another day in Guam than now (20 minutes before Guam's midnight, a test run at 13:40 UTC).
 */
async function shownClock(detail: Locator): Promise<string> {
  const shown = (await detail.getByTestId('current-eta').locator('span').first().innerText()).trim();
  const clock = /^(?:[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, )?(\d{1,2}:\d{2} [AP]M)$/.exec(shown)?.[1];
  expect(clock, `the ETA shown: ${shown}`).toBeTruthy();
  return clock!;
}

// The guest orders "as soon as possible" (the ETA comes when staff start preparing), so the
// restaurant is open all day while this spec runs, whatever the hour in Guam (issue #23).
openAllDayDuringSpec();

async function guestOrdersKatsuPlate(page: Page, contactName: string): Promise<string> {
  await page.goto('/menu');
  await page.getByRole('searchbox', { name: 'Search menu' }).fill('chicken katsu');
  await page.getByRole('button', { name: 'Add Chicken Katsu Plate to Cart' }).click();
  await expect(page.getByText('Added Chicken Katsu Plate to cart')).toBeVisible();
  await page.goto('/checkout');
  await page.getByLabel('Name', { exact: true }).fill(contactName);
  await page.getByLabel('Email').fill('kai@example.com');
  await page.getByLabel('Phone').fill('+16715550177');
  await expect(page.getByRole('note', { name: 'Test mode' })).toBeVisible();
  await fillTestCard(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').innerText()).match(/K-\d+/)?.[0];
  expect(orderNumber, 'order number on the confirmation').toBeTruthy();
  return orderNumber!;
}

test('a new order reaches the open board live, and the customer sees acknowledged → preparing with ETA → ready → picked up without a reload', async ({ page, browser }) => {
  // The counter: staff signed in, the board open in its own browser context.
  const counter = await browser.newContext({ baseURL: LOCAL_ORIGIN });
  const staff = await counter.newPage();
  await signIn(staff, demo.staff);
  await staff.goto('/admin');
  await expect(staff.getByRole('heading', { level: 1, name: 'Staff Tools / Order Management' })).toBeVisible();
  await expect(staff.getByRole('tab')).toHaveText(['Order Management', 'Menu stock']);
  await expect(staff.getByTestId('board-connection')).toHaveText('Live');
  await expectAccessible(staff);
  // Marks both documents: a reload would lose the mark.
  const markDocument = (target: Page) =>
    target.evaluate(() => {
      (window as unknown as { kusinaNoReload: boolean }).kusinaNoReload = true;
    });
  const stillSameDocument = (target: Page) => target.evaluate(() => (window as unknown as { kusinaNoReload?: boolean }).kusinaNoReload === true);
  await markDocument(staff);

  // The guest orders on the storefront (restaurant 1).
  const contactName = `Kai Live ${Date.now() % 100_000}`;
  const orderNumber = await guestOrdersKatsuPlate(page, contactName);
  await expect(page).toHaveURL(/\/order-confirmation\/\d+\?token=/);
  await expect(page.getByTestId('live-order-status')).toHaveText('ETA will be sent once staff begin preparing');
  await markDocument(page);

  // It appears on the board by itself, on top, new, with the count raised and announced.
  const card = staff.getByTestId('order-card').filter({ hasText: orderNumber });
  await expect(card).toBeVisible();
  await expect(staff.getByTestId('order-card').first()).toContainText(orderNumber);
  await expect(card).toContainText(contactName);
  await expect(card.getByText('New', { exact: true })).toBeVisible();
  await expect(staff.getByTestId('unacknowledged-count')).toContainText(/\d+ new orders? to acknowledge/);
  await expect(staff.getByTestId('board-announcer')).toContainText(`New order ${orderNumber} from ${contactName}`);

  await card.getByRole('button', { name: `Acknowledge order ${orderNumber}` }).click();
  await expect(card.getByText('New', { exact: true })).toHaveCount(0);

  // The search finds it by the customer's name too.
  await staff.getByLabel('Search orders').fill(contactName);
  await expect(staff.getByTestId('order-card')).toHaveCount(1);
  await expect(staff).toHaveURL(/q=Kai\+Live/);

  await card.getByRole('button', { name: `View order ${orderNumber}` }).click();
  const detail = staff.getByRole('dialog', { name: `Order ${orderNumber}` });
  await expect(detail).toBeVisible();
  await expect(detail.getByText('Chicken Katsu Plate')).toBeVisible();
  await expect(detail.getByTestId('status-history')).toContainText('Placed (Pending) · Customer checkout');
  await expect(detail.getByRole('group', { name: 'Change status' }).getByRole('button')).toHaveText(['Confirm', 'Start preparing', 'Cancel order']);
  await expectAccessible(staff);

  // Preparing, ready in 20 minutes: the customer sees the step and the pickup time.
  await detail.getByRole('button', { name: 'Start preparing', exact: true }).click();
  await detail.getByRole('button', { name: '20 min' }).click();
  await expectAccessible(staff);
  await detail.getByRole('button', { name: /^Start preparing · ready/ }).click();
  await expect(detail.getByRole('group', { name: 'Change status' }).getByRole('button')).toHaveText(['Mark ready', 'Cancel order']);
  const eta = await shownClock(detail);
  await expect(page.getByTestId('live-order-status')).toHaveText(new RegExp(`^We are preparing your order\\. Estimated pickup: .+ at ${eta}$`));
  await expect(page.getByRole('listitem').filter({ hasText: 'Preparing' })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByTestId('estimated-pickup')).toContainText(eta);
  await expect(detail.getByTestId('status-history')).toContainText('Pending → Preparing');

  // The kitchen needs 5 more minutes: the new time reaches the customer too.
  await detail.getByRole('button', { name: '+5 min' }).click();
  await expect(detail.getByTestId('current-eta').locator('span').first()).not.toHaveText(new RegExp(`${eta}$`));
  const later = await shownClock(detail);
  await expect(page.getByTestId('live-order-status')).toContainText(`at ${later}`);

  await detail.getByRole('button', { name: 'Mark ready' }).click();
  await expect(page.getByTestId('live-order-status')).toHaveText('Your order is ready for pickup!');
  await expect(page.getByRole('listitem').filter({ hasText: 'Ready for pickup' })).toHaveAttribute('aria-current', 'step');

  await detail.getByRole('button', { name: 'Picked up' }).click();
  await expect(page.getByTestId('live-order-status')).toHaveText('Your order has been picked up. Enjoy!');
  await expect(detail.getByText('This order is completed: its status can no longer change.')).toBeVisible();
  await expect(detail.getByTestId('status-history')).toContainText('Ready → Completed');

  // Every step arrived without a reload, on both screens.
  expect(await stillSameDocument(page)).toBe(true);
  expect(await stillSameDocument(staff)).toBe(true);
  await expectAccessible(page);
  await counter.close();
});

test('an admin manages staff discounts and sees every tab, each accessible', async ({ page }) => {
  await signIn(page, demo.admin);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Order Management', 'Menu', 'Merchandise', 'Staff & Discounts', 'Fundraisers', 'Codes', 'Team', 'Audit log', 'Restaurant', 'Message outbox', 'Customers', 'Reports']);
  await expect(page.getByRole('tab', { name: 'Order Management' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('board-connection')).toHaveText('Live');
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Staff & Discounts' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=staff$/);
  await expect(page.getByRole('heading', { name: 'Staff Discount Options' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add discount' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff discount' });
  await dialog.getByLabel('Name').fill('Test Shift');
  const code = `SHIFT${Date.now() % 1_000_000}`;
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByLabel('Discount percentage').fill('120');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Discount percentage must be between 0 and 100.')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Discount percentage').fill('25');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Discount Test Shift saved.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Staff discount options' }).getByRole('row').filter({ hasText: code })).toContainText('25%');

  // A reload keeps the tab.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Staff & Discounts' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Staff discount options' }).getByRole('row').filter({ hasText: code })).toBeVisible();

  await page.getByRole('tab', { name: 'Merchandise' }).click();
  await expect(page.getByRole('list', { name: 'Merchandise items' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Restaurant' }).click();
  await expect(page.getByRole('form', { name: 'Restaurant settings' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Message outbox' }).click();
  await expect(page.getByRole('heading', { name: 'Message outbox' })).toBeVisible();
  await expectAccessible(page);
});

test('staff place a staff order for a staff member with the default staff discount, and the confirmation shows the member and the discount', async ({ page }) => {
  await signIn(page, demo.staff);
  await page.goto('/menu');
  await page.getByRole('searchbox', { name: 'Search menu' }).fill('chicken katsu');
  await page.getByRole('button', { name: 'Add Chicken Katsu Plate to Cart' }).click();
  await expect(page.getByText('Added Chicken Katsu Plate to cart')).toBeVisible();
  await page.goto('/checkout');

  // The section is there for staff, off until asked for.
  const staffSwitch = page.getByRole('switch', { name: 'This order is for a staff member' });
  await expect(page.getByRole('heading', { name: 'Staff order' })).toBeVisible();
  await expect(staffSwitch).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('order-total')).toBeVisible();
  const cents = async (locator: ReturnType<Page['getByTestId']>) => Math.round(Number((await locator.innerText()).replace(/[^\d.]/g, '')) * 100);
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  const subtotal = await cents(summary.getByText('Subtotal', { exact: true }).locator('xpath=following-sibling::dd'));

  await staffSwitch.click();
  await expect(staffSwitch).toHaveAttribute('aria-checked', 'true');
  // The active options (the test above adds one), the default (On Duty) chosen, No discount last;
  // the inactive Family Meal is not offered.
  const options = page.getByRole('group', { name: 'Staff discount' }).getByRole('radio');
  await expect(options.first()).toHaveAccessibleName('On Duty 50%');
  await expect(options.last()).toHaveAccessibleName('No discount');
  await expect(page.getByRole('radio', { name: 'On Duty 50%' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Off Duty 30%' })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'No discount' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Family Meal/ })).toHaveCount(0);
  await page.getByLabel('Staff member').selectOption('Joaquin Santos');

  // The server's figures: half the subtotal off.
  const discountLine = summary.getByText('Staff discount (On Duty 50%)');
  await expect(discountLine).toBeVisible();
  const discount = await cents(discountLine.locator('xpath=following-sibling::dd'));
  expect(Math.abs(discount - subtotal / 2)).toBeLessThanOrEqual(1);
  expect(await cents(page.getByTestId('order-total'))).toBe(subtotal - discount);
  await expect(page.getByLabel('Promo code')).toBeDisabled();
  await expect(page.getByText('A promo code cannot be combined with a staff discount.')).toBeVisible();
  await expectAccessible(page);

  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Kekoa Staff');
  await fillTestCard(page);
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  await expect(page).toHaveURL(/\/order-confirmation\/\d+\?token=/);
  const banner = page.getByRole('status').filter({ hasText: 'Staff Order' });
  await expect(banner).toContainText('Placed for Joaquin Santos.');
  await expect(banner.getByTestId('staff-discount')).toHaveText('Staff discount: On Duty (50% off)');
  await expect(page.getByText('Staff discount (On Duty 50%)')).toBeVisible();
  await expectAccessible(page);

  // A reload reads the order back from the server: the same staff order and discount.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Staff Order' }).getByTestId('staff-discount')).toHaveText('Staff discount: On Duty (50% off)');
  await expect(page.getByText('Staff discount (On Duty 50%)').locator('xpath=following-sibling::dd')).toHaveText(`−$${(discount / 100).toFixed(2)}`);
});
