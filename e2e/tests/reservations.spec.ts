import type { Page } from '@playwright/test';
import { demo, dismissToasts, E2E_PORT, expect, expectAccessible, openDay, readOutbox, RESTAURANT_TWO_ORIGIN, signIn, test } from './fixtures.ts';

/**
 * Issue #21 in a real browser against the production build: a guest books a table through the
 * modal with the keyboard alone; the staff dashboard, open in another browser context, shows it as
 * booked without a reload; staff approve it; the guest's confirmation is in the outbox and its link
 * cancels the reservation. Then staff create, edit and delete one, and admins round-trip the
 * settings. axe runs on the modal and every tab.
 */

const LOCAL_ORIGIN = `http://localhost:${E2E_PORT}`;

async function openDashboard(page: Page, date: string): Promise<void> {
  await page.goto('/reservations/dashboard');
  await expect(page).toHaveURL(/\/reservations\/dashboard\/reservations$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Reservations' })).toBeVisible();
  await page.getByLabel(/^Date/).fill(date);
}

test('a guest books with the keyboard, staff see it live and approve it, the guest is told and cancels through the link', async ({ page, browser }) => {
  const phoneDigits = String(Date.now()).slice(-7);
  const phone = `+1671${phoneDigits}`;
  const lastName = `Keyboard${phoneDigits}`;

  // The guest opens the modal from the home hero.
  await page.goto('/');
  await page.getByRole('link', { name: 'Book Your Table' }).click();
  const modal = page.getByRole('dialog', { name: 'Book Your Table' });
  await expect(modal).toBeVisible();
  await expectAccessible(page);

  // Keyboard only: focus moves by Tab from control to control; choices by arrow keys, Enter and typing.
  const date = modal.getByLabel('Date');
  await date.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown'); // a few days ahead: today's slots may be over
  const chosenDate = await date.inputValue();
  await page.keyboard.press('Tab'); // party size 1
  await page.keyboard.press('Tab'); // party size 2
  await page.keyboard.press('Tab'); // 3
  await page.keyboard.press('Enter'); // a party of 3
  await expect(modal.getByRole('button', { name: '3', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const location = modal.getByLabel('Location');
  await location.focus();
  await page.keyboard.press('ArrowDown'); // Tamuning Dining Room
  await expect(location).toHaveValue(/\d+/);
  const firstSlot = modal.getByRole('button', { name: /^\d{1,2}:\d{2} [AP]M$/ }).first();
  await expect(firstSlot).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveText(await firstSlot.innerText());
  const slotText = await firstSlot.innerText();
  await page.keyboard.press('Enter');
  await expect(firstSlot).toHaveAttribute('aria-pressed', 'true');

  // The staff dashboard is open in its own browser context before the booking is sent.
  const office = await browser.newContext({ baseURL: LOCAL_ORIGIN });
  const staff = await office.newPage();
  await signIn(staff, demo.staff);
  await openDashboard(staff, chosenDate);
  await expect(staff.getByRole('navigation', { name: 'Reservations dashboard' }).getByRole('link')).toHaveText(['Reservations', 'Waitlist', 'Seating']);
  await expectAccessible(staff);
  await staff.evaluate(() => ((window as unknown as { kusinaNoReload: boolean }).kusinaNoReload = true));

  await modal.getByLabel('First Name').focus();
  await page.keyboard.type('Kai');
  await page.keyboard.press('Tab');
  await page.keyboard.type(lastName);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(phone);
  await page.keyboard.press('Tab');
  await page.keyboard.type(`kai.${phoneDigits}@example.com`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('High chair, please');
  await page.keyboard.press('Enter'); // a new line in the textarea, then submit with the button
  await modal.getByRole('button', { name: 'Request Reservation' }).focus();
  await page.keyboard.press('Enter');

  const done = page.getByRole('dialog', { name: 'Reservation Request Received!' });
  await expect(done).toBeVisible();
  const number = (await done.getByText(/R-\d{6}/).innerText()).match(/R-\d{6}/)![0];
  await expect(done.getByText('Share Details')).toBeVisible();
  await expect(done.getByText(slotText)).toBeVisible();
  await expectAccessible(page);

  // Live on the open dashboard, without a reload.
  const row = staff.getByRole('row', { name: new RegExp(lastName) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Booked')).toBeVisible();
  expect(await staff.evaluate(() => (window as unknown as { kusinaNoReload?: boolean }).kusinaNoReload)).toBe(true);

  await row.getByRole('button', { name: /^View reservation/ }).click();
  const details = staff.getByRole('dialog', { name: /^Reservation #\d+/ });
  await expect(details.getByText(number)).toBeVisible();
  await expectAccessible(staff);
  await details.getByRole('button', { name: 'Approve Reservation' }).click();
  await expect(staff.getByText('Reservation approved!')).toBeVisible();
  await expect(details.getByText('Reserved')).toBeVisible();

  // The guest's confirmation is in the outbox, with the link.
  let sms = '';
  await expect.poll(async () => (sms = (await readOutbox(phone, 'sms')).body), { timeout: 15_000 }).toMatch(/is confirmed/);
  const link = sms.match(/https?:\/\/\S+\/reservations\/manage\/[\w-]+/)![0];
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Your Reservation' })).toBeVisible();
  await expect(page.getByText(number)).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Cancel Reservation' }).click();
  await expect(page.getByText('Your reservation has been canceled.')).toBeVisible();
  await expectAccessible(page);

  await details.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(row.getByText('Canceled')).toBeVisible();
  await office.close();
});

test('staff create, edit and delete a reservation; admins round-trip the settings; every tab is accessible', async ({ page, request }) => {
  await signIn(page, demo.admin);
  // The fourth open day after today, as the schedule says (decision 0087), with room for the party
  // of 5 it becomes: never the demo's closed Monday or holiday, whatever day the suite runs.
  const { date } = await openDay(request, { nth: 3, partySize: 5, skipToday: true });
  await openDashboard(page, date);
  const tabs = page.getByRole('navigation', { name: 'Reservations dashboard' });
  await expect(tabs.getByRole('link')).toHaveText(['Reservations', 'Waitlist', 'Seating', 'Layout', 'Settings', 'Blocked Periods', 'Capacities']);
  await expect(tabs.getByRole('link', { name: 'Reservations' })).toHaveAttribute('aria-current', 'page');

  // Create.
  await page.getByRole('button', { name: 'New Reservation' }).click();
  const create = page.getByRole('dialog', { name: 'New Reservation' });
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText('Guest name is required.')).toBeVisible();
  await expect(create.getByText('Please pick a valid date/time.')).toBeVisible();
  await create.getByLabel('Date').fill(date);
  await create.getByLabel('Location').selectOption({ label: 'Tamuning Dining Room' });
  const time = create.getByLabel('Time');
  await expect(time.locator('option')).not.toHaveCount(1);
  await time.selectOption({ index: 2 });
  await create.getByLabel('Duration (minutes)').selectOption('90');
  await create.getByLabel('Guest Name').fill('Staff Created Party');
  await create.getByLabel('Phone').fill('+82 10 2345 6789');
  await expectAccessible(page);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Reservation created successfully!')).toBeVisible();
  const row = page.getByRole('row', { name: /Staff Created Party/ });
  await expect(row).toContainText('+821023456789');

  // Edit.
  await row.getByRole('button', { name: /^View reservation/ }).click();
  const details = page.getByRole('dialog', { name: /^Reservation #\d+/ });
  await expect(details.getByText('90', { exact: true })).toBeVisible();
  await details.getByRole('button', { name: 'Edit' }).click();
  await details.getByLabel('Guest Name').fill('Staff Edited Party');
  await details.getByLabel('Party Size').fill('5');
  // Move it to the day's last slot the engine offers (the server re-checks the room). The times for
  // a party of 5 load first (until then the list holds only the current time); the last option's
  // label and value are read together, from the list as it then is.
  const editTime = details.getByLabel('Time');
  await expect(details.getByText('Checking available times…')).toBeHidden();
  await expect(editTime.locator('option')).not.toHaveCount(1);
  const lastSlot = await editTime.locator('option').last().evaluate((option: HTMLOptionElement) => ({ label: option.textContent ?? '', value: option.value }));
  const lastLabel = lastSlot.label.split(' (')[0]!;
  await editTime.selectOption(lastSlot.value);
  await expectAccessible(page);
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Reservation updated!')).toBeVisible();
  await expect(details.getByText(new RegExp(`, ${lastLabel}$`))).toBeVisible();
  await expect(details.getByText('Staff Edited Party')).toBeVisible();
  await expect(details.getByText('5', { exact: true })).toBeVisible();

  // Delete, with the spec's confirm.
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete this reservation? This action cannot be undone.');
    void dialog.accept();
  });
  await details.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Reservation deleted.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Staff Edited Party/ })).toHaveCount(0);
  await dismissToasts(page, 'Reservation deleted.');

  // Settings round trip.
  await tabs.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Staff Discount Options' })).toBeVisible();
  await expect(page.getByLabel('Discount 1 name')).toHaveValue('On Duty');
  await page.getByRole('button', { name: 'Show Advanced Options' }).click();
  await expect(page.getByLabel('Event 1 max guests')).toBeVisible();
  // Wide tables scroll inside their frame; the page itself never scrolls sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  // From the top: axe counts a control scrolled under the sticky header as too small a target.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(page);
  const length = page.getByLabel('Default Reservation Length (minutes)');
  await length.fill('90');
  await page.getByLabel('Admin Settings JSON').fill('{ not json');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Invalid JSON in Admin Settings.').first()).toBeVisible();
  await page.getByLabel('Admin Settings JSON').fill(JSON.stringify({ reservation_settings: { max_party_size: 20 }, reservations: { enable_reservations_button: true }, payment_gateway: { payment_processor: 'stripe', test_mode: true } }));
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('All settings saved successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Default Reservation Length (minutes)')).toHaveValue('90');
  await page.getByLabel('Default Reservation Length (minutes)').fill('60');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await dismissToasts(page, 'All settings saved successfully!');

  await tabs.getByRole('link', { name: 'Blocked Periods' }).click();
  await expect(page.getByRole('cell', { name: 'Private birthday party on the lanai', exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add Blocked Period' }).click();
  const blocked = page.getByRole('dialog', { name: 'Add Blocked Period' });
  await blocked.getByRole('button', { name: 'Save' }).click();
  await expect(blocked.getByText('Start time is required')).toBeVisible();
  await expect(blocked.getByText('Reason is required')).toBeVisible();
  await blocked.getByRole('button', { name: 'Cancel' }).click();

  await tabs.getByRole('link', { name: 'Capacities' }).click();
  await expect(page.getByRole('cell', { name: 'Tumon Bay Lanai', exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Edit capacity of Tumon Bay Lanai' }).click();
  const capacity = page.getByRole('dialog', { name: 'Tumon Bay Lanai' });
  await capacity.getByLabel('Total Capacity').fill('0');
  await capacity.getByRole('button', { name: 'Save' }).click();
  await expect(capacity.getByText('Total capacity must be greater than 0')).toBeVisible();
  await capacity.getByLabel('Total Capacity').fill('18');
  await capacity.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Capacity saved.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Tumon Bay Lanai/ })).toContainText('18');
});

test('the blue restaurant: one location, so no location field; the modal is accessible in its theme', async ({ page }) => {
  await page.goto(`${RESTAURANT_TWO_ORIGIN}/reservations`);
  const modal = page.getByRole('dialog', { name: 'Book Your Table' });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('Location')).toHaveCount(0);
  // Kusina Barrigada's maximum party is 12: buttons 1-8, then 9-12 in the dropdown.
  await expect(modal.getByLabel('Larger party').locator('option')).toHaveText(['More…', '9 guests', '10 guests', '11 guests', '12 guests']);
  await modal.getByRole('button', { name: 'Request Reservation' }).click();
  await expect(modal.getByText('Please fill in all required fields')).toBeVisible();
  await expectAccessible(page);
});
