import { apiLogin, demo, expect, expectAccessible, signIn, test } from './fixtures.ts';

/**
 * Seat preferences (decision 0069) in a real browser against the production build: staff book a
 * party of two a few days ahead, choose Option 1 in the Seat Preferences picker from the details'
 * edit view (two free seats; a third is refused inline), save, then Assign it: the server holds the
 * seats and the reservation shows reserved with its Current Seats.
 */
test('staff choose a seat preference in the picker, save it, and Assign reserves those seats', async ({ page, request }, testInfo) => {
  const run = String(Date.now() % 10000).padStart(4, '0');
  const guest = `Prefs ${testInfo.project.name} ${run}`;
  const token = await apiLogin(request, demo.staff);
  const headers = { Authorization: `Bearer ${token}` };
  const day = new Date(Date.now() + (testInfo.project.name === 'mobile' ? 9 : 8) * 86_400_000).toISOString().slice(0, 10);
  const availability = await request.get(`/api/v1/availability?restaurant_id=1&date=${day}&party_size=2`, { headers });
  expect(availability.ok(), await availability.text()).toBe(true);
  const slot = ((await availability.json()) as { slot_details: { start_time: string }[] }).slot_details.at(-1);
  expect(slot, `a slot on ${day}`).toBeDefined();
  const created = await request.post('/api/v1/reservations', { data: { restaurant_id: 1, start_time: slot!.start_time, party_size: 2, contact_name: guest }, headers });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: number };

  await signIn(page, demo.staff);
  await page.goto('/reservations/dashboard');
  await page.getByRole('textbox', { name: /^Date/ }).fill(day);
  await page.getByRole('button', { name: `View reservation #${id} of ${guest}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reservation #${id}` });
  await dialog.getByRole('button', { name: 'Edit' }).click();
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
