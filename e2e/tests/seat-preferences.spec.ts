import type { Page } from '@playwright/test';
import { apiLogin, demo, expect, expectAccessible, openDay, signIn, test } from './fixtures.ts';

/**
 * Seat preferences (decision 0069) in a real browser against the production build: staff book a
 * party of two on an open day ahead, choose Option 1 in the Seat Preferences picker from the details'
 * edit view (two free seats; a third is refused inline), save, then Assign it: the server holds the
 * seats and the reservation shows reserved with its Current Seats.
 */
/** Signs staff in and opens the reservation's Edit view from the list of its day. */
async function openEditAsStaff(page: Page, day: string, id: number, guest: string) {
  await signIn(page, demo.staff);
  await page.goto('/reservations/dashboard');
  await page.getByRole('textbox', { name: /^Date/ }).fill(day);
  await page.getByRole('button', { name: `View reservation #${id} of ${guest}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reservation #${id}` });
  await dialog.getByRole('button', { name: 'Edit' }).click();
  return dialog;
}

test('staff choose a seat preference in the picker, save it, and Assign reserves those seats', async ({ page, request }, testInfo) => {
  const run = String(Date.now() % 10000).padStart(4, '0');
  const guest = `Prefs ${testInfo.project.name} ${run}`;
  const token = await apiLogin(request, demo.staff);
  const headers = { Authorization: `Bearer ${token}` };
  // An open day of its own per project, a week or so ahead, as the schedule says (decision 0087).
  const { date: day, slots } = await openDay(request, { nth: testInfo.project.name === 'mobile' ? 7 : 6, headers, skipToday: true });
  const slot = slots.at(-1);
  const created = await request.post('/api/v1/reservations', { data: { restaurant_id: 1, start_time: slot!.start_time, party_size: 2, contact_name: guest }, headers });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: number };

  const dialog = await openEditAsStaff(page, day, id, guest);
  const opener = dialog.getByRole('button', { name: 'Select Seat Preferences' });
  await opener.click();

  const picker = page.getByRole('dialog', { name: 'Select Seat Preferences' });
  const free = picker.getByRole('button', { name: /^Seat [^,]+, free$/ });
  await expect(free.first()).toBeAttached();
  const first = (await free.first().getAttribute('data-seat'))!;
  await free.first().click();
  const second = (await free.first().getAttribute('data-seat'))!;
  await free.first().press('Enter');
  await free.first().click();
  await expect(picker.getByRole('alert')).toContainText('Option 1 can only have up to 2 seat(s).');
  await expect(picker.getByRole('region', { name: 'Summary of seat preferences' })).toContainText(`Option 1: ${first}, ${second}`);
  await expectAccessible(page);
  await picker.getByRole('button', { name: 'Save' }).click();
  await expect(picker).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Edit Seat Preferences' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Reservation updated!')).toBeVisible();

  await expect(dialog).toContainText(`Option 1: ${first}, ${second}`);
  await dialog.getByRole('button', { name: 'Assign option 1' }).click();
  await expect(page.getByText('Seats reserved successfully!')).toBeVisible();
  await expect(dialog.getByTestId('current-seats')).toHaveText(`${first}, ${second}`);
  await expect(dialog.getByText('Reserved', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Assign option 1' })).toHaveCount(0);
});

/**
 * The details' Seat Map (decision 0071): from the edit view staff open the floor at the party's date
 * and hour, pick two free seats with the keyboard, Reserve Seats (the server holds them), and focus
 * comes back to the Seat Map button; reopened, the party's own seats are ringed and Seat This Party
 * seats it. At 360 px nothing scrolls sideways but the map inside its box.
 */
test('staff reserve and then seat a party from the reservation’s Seat Map', async ({ page, request }, testInfo) => {
  const run = String(Date.now() % 10000).padStart(4, '0');
  const guest = `Seatmap ${testInfo.project.name} ${run}`;
  const token = await apiLogin(request, demo.staff);
  const headers = { Authorization: `Bearer ${token}` };
  // Open days after the first test's, one per project: each project its own floor (decision 0087).
  const { date: day, slots } = await openDay(request, { nth: testInfo.project.name === 'mobile' ? 9 : 8, headers, skipToday: true });
  const slot = slots.at(-1);
  const created = await request.post('/api/v1/reservations', { data: { restaurant_id: 1, start_time: slot!.start_time, party_size: 2, contact_name: guest }, headers });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: number };

  if (testInfo.project.name === 'mobile') await page.setViewportSize({ width: 360, height: 740 });
  const dialog = await openEditAsStaff(page, day, id, guest);
  const opener = dialog.getByRole('button', { name: 'Seat Map' });
  await opener.click();

  const map = page.getByRole('dialog', { name: 'Seat Map' });
  await expect(map).toContainText(`${guest}, party of 2`);
  await expect(map.getByTestId('seat-map-current')).toHaveText('None');
  const free = map.getByRole('button', { name: /^Seat [^,]+, free$/ });
  await expect(free.first()).toBeAttached();
  const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  expect(await noSideScroll()).toBe(true);
  await expectAccessible(page);

  // Keyboard only: Enter on a seat picks it, Space on the next.
  const first = (await free.first().getAttribute('data-seat'))!;
  await free.first().focus();
  await page.keyboard.press('Enter');
  await expect(map.getByRole('button', { name: `Seat ${first}, selected` })).toHaveAttribute('aria-pressed', 'true');
  const second = (await free.first().getAttribute('data-seat'))!;
  await free.first().focus();
  await page.keyboard.press(' ');
  await expect(map).toContainText('2 of 2 picked');
  await map.getByRole('button', { name: 'Reserve Seats' }).click();
  await expect(page.getByText('Seats reserved successfully!')).toBeVisible();
  await expect(map).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(dialog.getByLabel('Status')).toHaveValue('reserved');

  // Reopened: the party's seats are ringed as its own; Seat This Party seats it (arrive).
  await opener.press('Enter');
  await expect(map.getByRole('button', { name: `Seat ${first}, reserved, ${guest}, this party’s seat` })).toHaveAttribute('data-mark', 'party');
  await expect(map.getByRole('button', { name: `Seat ${second}, reserved, ${guest}, this party’s seat` })).toBeAttached();
  await expect(map.getByRole('button', { name: 'Reserve Seats' })).toHaveCount(0);
  expect(await noSideScroll()).toBe(true);
  await map.getByRole('button', { name: 'Seat This Party' }).click();
  await expect(page.getByText('Occupant arrived and seated!')).toBeVisible();
  await expect(map).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(dialog.getByLabel('Status')).toHaveValue('seated');

  // The server kept it: the read view lists the seats.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByTestId('current-seats')).toHaveText(`${first}, ${second}`);
  await expect(dialog.getByText('Seated', { exact: true })).toBeVisible();
});
