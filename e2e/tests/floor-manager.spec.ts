import { apiLogin, demo, expect, expectAccessible, signIn, test } from './fixtures.ts';

/**
 * The Floor Manager, the dashboard's Seating tab (decisions 0067, 0068), in a real browser against
 * the production build: today's demo floor (a seated walk-in at Table 1, a reserved reservation at
 * Table 2), then staff seat a waitlist party on the map, see its seats red (seated), finish it and
 * see the seats free again. Keyboard and focus: a seat dialog gives focus back to its seat.
 */
test('staff seat a waitlist party on the map, see the seats seated, finish and the seats are free', async ({ page, request }, testInfo) => {
  const run = String(Date.now() % 10000).padStart(4, '0');
  const guest = `Floor ${testInfo.project.name} ${run}`;
  const token = await apiLogin(request, demo.staff);
  const added = await request.post('/api/v1/waitlist_entries', { data: { contact_name: guest, party_size: 2 }, headers: { Authorization: `Bearer ${token}` } });
  expect(added.ok(), await added.text()).toBe(true);

  await signIn(page, demo.staff);
  await page.goto('/reservations/dashboard/seating');
  const tabs = page.getByRole('navigation', { name: 'Reservations dashboard' });
  await expect(tabs.getByRole('link', { name: 'Seating' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 2, name: 'Floor Manager' })).toBeVisible();
  // The demo floor today: Tasi Mendiola seated at Table 1 (past her expected end, if the demo was
  // seeded over an hour ago), and at 18:00 Yuki Tanaka holding Table 2.
  await expect(page.getByRole('button', { name: /^Seat T1-1, (seated|overstaying), Tasi Mendiola$/ })).toBeAttached();
  await page.getByLabel(/^Time/).fill('18:00');
  await expect(page.getByRole('button', { name: 'Seat T2-1, reserved, Yuki Tanaka' })).toBeAttached();
  await page.getByRole('button', { name: 'Now', exact: true }).click();
  await expect(page.getByText('(now, live)')).toBeVisible();
  await expectAccessible(page);

  // The wizard from the waitlist beside the map.
  await page.getByRole('button', { name: `Seat ${guest}` }).click();
  const wizard = page.getByRole('region', { name: 'Seating wizard' });
  await expect(wizard).toContainText(`Pick 2 free seats for ${guest}`);
  await expect(wizard.getByRole('button', { name: 'Reserve Seats' })).toHaveCount(0);
  const free = page.getByRole('button', { name: /^Seat [^,]+, free$/ });
  const first = (await free.first().getAttribute('data-seat'))!;
  await free.first().click();
  await expect(page.getByRole('button', { name: `Seat ${first}, selected` })).toBeAttached();
  // One seat is not enough for a party of two.
  await wizard.getByRole('button', { name: 'Seat Now' }).click();
  await expect(page.getByText('Need exactly 2 seat(s).')).toBeVisible();
  const second = (await free.first().getAttribute('data-seat'))!;
  await free.first().press('Enter');
  await wizard.getByRole('button', { name: 'Seat Now' }).click();
  await expect(page.getByText('Seats assigned successfully!')).toBeVisible();
  await expect(wizard).toBeHidden();

  // Seated: red, named, and the waitlist says where.
  for (const label of [first, second]) {
    const seat = page.getByRole('button', { name: `Seat ${label}, seated, ${guest}` });
    await expect(seat).toHaveAttribute('data-state', 'seated');
  }
  // (Scoped to this run's party: an earlier run's finished walk-in may have sat at the same seats.)
  const party = page.getByRole('complementary', { name: "The day's parties" }).getByRole('listitem').filter({ hasText: guest });
  await expect(party.getByText(`seated at ${[first, second].sort().join(', ')}`).or(party.getByText(`seated at ${first}, ${second}`))).toBeVisible();

  // The server kept it.
  await page.reload();
  const seated = page.getByRole('button', { name: `Seat ${first}, seated, ${guest}` });
  await expect(seated).toBeAttached();

  // Finish from the seat's dialog; focus comes back to the seat.
  await seated.focus();
  await seated.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Seat ${first}` });
  await expect(dialog).toContainText(guest);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Finish / Free Seat' }).click();
  await expect(page.getByText('Seat finished (freed).')).toBeVisible();
  await expect(dialog).toBeHidden();
  const freed = page.getByRole('button', { name: `Seat ${first}, free` });
  await expect(freed).toHaveAttribute('data-state', 'free');
  await expect(freed).toBeFocused();
  await expect(page.getByRole('button', { name: `Seat ${second}, free` })).toBeAttached();
});

/**
 * The floor at a chosen time (issue #35 item 4): by keyboard, the time field and the covers timeline
 * (one tab stop, arrow keys, Enter) change the hour the map shows; axe-clean in light and dark, and
 * no sideways scrolling on a 360 px phone or a tablet.
 */
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`the floor at a chosen time (${colorScheme})`, () => {
    test.use({ colorScheme });

    test('a time and a step of the covers timeline, by keyboard, on a phone and a tablet', async ({ page }) => {
      await signIn(page, demo.staff);
      await page.goto('/reservations/dashboard/seating');
      const time = page.getByLabel(/^Time/);
      await expect(time).toBeVisible();
      await time.focus();
      await time.fill('18:00');
      await expect(page.getByText('(6:00 PM)')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Seat T2-1, reserved, Yuki Tanaka' })).toBeAttached();

      const timeline = page.getByRole('toolbar', { name: 'Covers timeline: pick a time' });
      const current = timeline.getByRole('button', { pressed: true });
      await expect(current).toHaveAccessibleName(/^6:00 PM: \d+ covers?, \d+ arriving$/);
      await current.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect(timeline.getByRole('button', { name: /^6:30 PM: / })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(time).toHaveValue('18:30');
      await expect(timeline.getByRole('button', { pressed: true })).toHaveAccessibleName(/^6:30 PM: /);
      await expectAccessible(page);

      for (const viewport of [{ width: 360, height: 760 }, { width: 820, height: 1180 }]) {
        await page.setViewportSize(viewport);
        await expect(timeline).toBeVisible();
        const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
        expect(scrollWidth, `document ${scrollWidth}px wide in a ${width}px viewport`).toBeLessThanOrEqual(width);
      }
    });
  });
}
