import { adminOutbox, apiLogin, demo, expect, expectAccessible, signIn, test } from './fixtures.ts';

/**
 * The waitlist's guest link (issue #35 item 5; decision 0108) across two browsers: a guest joins
 * from the host stand's link on their phone and follows their place, which moves live (no reload)
 * while the host adds a walk-in behind them and seats a party ahead; the guest leaves and the host
 * stand sees it. The host stand's join link and QR code are shown; the host's pages (light) and the
 * guest's (dark, 360 px) pass axe.
 */
test('a guest joins by link and follows their place live while the host adds and seats others', async ({ page, browser, request }, testInfo) => {
  const run = String(Date.now() % 10000).padStart(4, '0');
  const guest = `Link guest ${testInfo.project.name} ${run}`;

  // The host stand: the Waitlist tab, its join link and QR code.
  await signIn(page, demo.staff);
  await page.goto('/reservations/dashboard/waitlist');
  await expect(page.getByRole('heading', { level: 2, name: 'Waitlist' })).toBeVisible();
  await page.getByRole('button', { name: 'Guest Join Link' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Guest Join Link' });
  await expect(linkDialog.getByRole('img', { name: 'QR code of the waitlist join link' })).toBeVisible();
  const joinUrl = (await linkDialog.getByTestId('waitlist-join-url').textContent())!;
  expect(joinUrl).toMatch(/\/waitlist\/join\?r=1$/);
  await expectAccessible(page);
  // Closed by keyboard, focus back on the opener.
  await page.keyboard.press('Escape');
  await expect(linkDialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Guest Join Link' })).toBeFocused();

  // A walk-in the host adds before the guest joins: a party ahead of them.
  const token = await apiLogin(request, demo.staff);
  const auth = { Authorization: `Bearer ${token}` };
  const aheadAdded = await request.post('/api/v1/waitlist_entries', { data: { contact_name: `Ahead ${run}`, party_size: 2 }, headers: auth });
  expect(aheadAdded.ok(), await aheadAdded.text()).toBe(true);
  const partyAhead = (await aheadAdded.json()) as { id: number };

  // The guest's phone: a browser of its own, signed in as no one, 360 px wide, in the dark theme.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, colorScheme: 'dark' });
  const guestPage = await phone.newPage();
  await guestPage.goto(new URL(joinUrl).pathname + new URL(joinUrl).search);
  await expect(guestPage.getByRole('heading', { name: 'Join the Waitlist' })).toBeVisible();
  await guestPage.getByLabel('Name').fill(guest);
  await guestPage.getByLabel('Party Size').fill('2');
  await guestPage.getByLabel('Phone').fill(`+1671888${run}`);
  await expectAccessible(guestPage);
  await guestPage.getByRole('button', { name: 'Join the Waitlist' }).click();
  await expect(guestPage).toHaveURL(/\/waitlist\/follow\/[\w-]{43}$/);
  const place = guestPage.getByTestId('waitlist-place');
  await expect(place).toContainText(/You’re (next|\d+(st|nd|rd|th) in line)/);
  await expect(guestPage.getByText('Quoted wait')).toBeVisible();
  await expectAccessible(guestPage);
  const noHorizontalScroll = await guestPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noHorizontalScroll).toBe(true);

  // The host sees the guest on the list, live.
  const row = page.getByRole('row').filter({ hasText: guest });
  await expect(row).toContainText('Waiting');
  await expect(row).toContainText(/Quoted/);

  const waitingAhead = async () => {
    const list = (await (await request.get('/api/v1/waitlist_entries', { headers: auth })).json()) as { id: number; contact_name: string; status: string }[];
    const waiting = list.filter((e) => e.status === 'waiting');
    return waiting.slice(0, waiting.findIndex((e) => e.contact_name === guest));
  };
  // The guest sees where they are: one more than the parties ahead.
  const ahead = await waitingAhead();
  expect(ahead.map((e) => e.id)).toContain(partyAhead.id);
  const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
  const placeText = (partiesAhead: number) => (partiesAhead === 0 ? 'You’re next' : `You’re ${ordinal(partiesAhead + 1)} in line`);
  await expect(place).toContainText(placeText(ahead.length));

  // The host adds a walk-in: it joins behind the guest, whose place does not move.
  await page.getByRole('button', { name: 'Add to Waitlist' }).click();
  const add = page.getByRole('dialog', { name: 'Add to Waitlist' });
  await add.getByLabel('Guest Name').fill(`Behind ${run}`);
  await add.getByRole('button', { name: 'Add to Waitlist' }).click();
  await expect(page.getByText('Added to the waitlist.')).toBeVisible();
  await expect(place).toContainText(placeText(ahead.length));

  // The host seats the party ahead on the seat map: the guest moves up without reloading.
  await page.getByRole('row').filter({ hasText: `Ahead ${run}` }).getByRole('button', { name: `Seat Ahead ${run}` }).click();
  const map = page.getByRole('dialog', { name: 'Seat from Waitlist' });
  const free = map.getByRole('button', { name: /^Seat \S+, free$/ });
  await expect(free.first()).toBeVisible();
  await free.first().click();
  await free.first().click();
  await map.getByRole('button', { name: 'Seat Now' }).click();
  await expect(map).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: `Ahead ${run}` })).toContainText('Seated');
  await expect(place).toContainText(placeText(ahead.length - 1));

  // The quote accuracy figure heads the tab ("—" until enough quoted parties are seated).
  await expect(page.getByTestId('quote-accuracy')).toContainText(/Quote accuracy: (—|off by \d+(\.5)? min)/);

  // Notify: the table-ready text goes through the outbox, and the guest's page says so, live.
  await row.getByRole('button', { name: `Notify ${guest}` }).click();
  await expect(page.getByText(`Table-ready text sent to ${guest}.`)).toBeVisible();
  await expect(row).toContainText(/Notified \d/);
  await expect(guestPage.getByText('Your table is ready')).toBeVisible();
  const texts = await adminOutbox(request, `+1671888${run}`);
  expect(texts.map((m) => m.body)).toContainEqual(`Kusina: ${guest}, your table for 2 guests is ready. Please come to the host stand.`);

  // The guest leaves; the host stand sees it at once.
  await guestPage.getByRole('button', { name: 'Leave the Waitlist' }).click();
  await guestPage.getByRole('dialog', { name: 'Leave the waitlist?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(guestPage.getByText('You have left the waitlist.')).toBeVisible();
  await expect(row).toContainText('Removed');
  await phone.close();

  // The party ahead leaves too: its seats are free for the next tests on tonight's full floor.
  const finished = await request.post('/api/v1/seat_allocations/finish', { data: { occupant_type: 'waitlist', occupant_id: partyAhead.id }, headers: auth });
  expect(finished.ok(), await finished.text()).toBe(true);
});
