import type { Page } from '@playwright/test';
import { apiLogin, demo, DEMO_PASSWORD, dismissToasts, expect, expectAccessible, readOutbox, signIn, test, uniqueEmail } from './fixtures.ts';

/**
 * Issue #36 item 5 in a real browser, on a phone and a desktop: an admin invites a coach from the
 * fundraiser's management; the coach accepts the e-mailed link, lands on their fundraiser only —
 * participants, orders, pick list, CSV, payout statement — and is refused everywhere else of the
 * restaurant. Both themes pass axe; nothing scrolls sideways at 360 px.
 */

const FUNDRAISER = 'Tamuning Tigers Little League';

/** axe in the light and the dark theme, and no sideways scrolling at 360 px. */
async function checkPage(page: Page): Promise<void> {
  // A toast that is still fading in (after Export CSV) has not reached its colours yet.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  const { scroll, view } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(scroll, `document ${scroll}px wide in a ${view}px viewport`).toBeLessThanOrEqual(view);
  if (viewport) await page.setViewportSize(viewport);
}

test('an admin invites an organiser, who signs in to their fundraiser only and is refused elsewhere', async ({ page, browser, request }, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('coach', testInfo);
  await signIn(page, demo.admin);
  await dismissToasts(page, 'Welcome back!');
  await page.goto('/admin?tab=fundraisers');
  await page.getByRole('button', { name: `Manage ${FUNDRAISER}` }).click();
  const organisers = page.getByRole('region', { name: 'Organisers' });
  await organisers.getByLabel("Organiser's email").fill(email);
  await organisers.getByRole('button', { name: 'Invite Organiser' }).click();
  await expect(organisers.getByRole('status')).toHaveText(`✓ Invite sent to ${email}`);
  await expect(organisers.getByText(new RegExp(`${email.replace(/[.+]/g, '\\$&')} · invited`))).toBeVisible();
  await checkPage(page);

  // The coach opens the e-mailed link (its whole text is in the server log, as for team invites).
  const mail = await readOutbox(email, 'email');
  const link = new URL(mail.body.match(/https?:\/\/\S+\/accept-invite\?\S+/)?.[0] ?? '');
  const coachContext = await browser.newContext({ ...testInfo.project.use, serviceWorkers: 'block' });
  const coach = await coachContext.newPage();
  try {
    await coach.goto(`${link.pathname}${link.search}`);
    await expect(coach.getByRole('heading', { name: 'Join the Team' })).toBeVisible();
    await expect(coach.getByText(/You are invited to Kusina as/)).toContainText(`organiser of ${FUNDRAISER}`);
    await coach.getByLabel('First name').fill('Rosa');
    await coach.getByLabel('Last name').fill('Cruz');
    await coach.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await coach.getByLabel('Confirm password').fill(DEMO_PASSWORD);
    await coach.getByRole('button', { name: 'Join and sign in' }).click();

    // Their /admin is their fundraiser's management, nothing of the restaurant.
    await expect(coach).toHaveURL(/\/admin$/);
    await expect(coach.getByRole('heading', { level: 1, name: 'Fundraiser Management' })).toBeVisible();
    await expect(coach.getByRole('heading', { level: 2, name: FUNDRAISER })).toBeVisible();
    await expect(coach.getByRole('heading', { name: 'Participants' })).toBeVisible();
    await expect(coach.getByText('Josh Santos').first()).toBeVisible();
    await expect(coach.getByRole('tablist')).toHaveCount(0);
    await expect(coach.getByRole('form', { name: 'Fundraiser details' })).toHaveCount(0);
    await expect(coach.getByRole('heading', { name: 'Items' })).toHaveCount(0);
    await checkPage(coach);

    await coach.getByRole('button', { name: 'Orders' }).click();
    const orders = coach.getByRole('region', { name: 'Fundraiser orders' });
    await expect(orders.getByRole('listitem').first()).toBeVisible();
    await expect(orders.getByRole('checkbox')).toHaveCount(0);
    const download = coach.waitForEvent('download');
    await orders.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await download;
    expect(csv.suggestedFilename()).toBe('wholesale-orders.csv');
    await orders.getByRole('button', { name: 'Pick List' }).click();
    await expect(coach.getByRole('heading', { name: `Pick List · ${FUNDRAISER}` })).toBeVisible();
    await checkPage(coach);

    await coach.getByRole('button', { name: 'Payout Statement' }).click();
    await expect(coach.getByRole('heading', { name: `Payout Statement · ${FUNDRAISER}` })).toBeVisible();
    // The demo's fundraisers hold a donation each: the team also receives those in full.
    await expect(coach.getByText(/^The team receives 40% of every sale, net of refunds/)).toBeVisible();
    await expect(coach.getByRole('row', { name: /^Total/ })).toBeVisible();
    await checkPage(coach);

    // Another tab of the restaurant in the address bar still shows only their fundraiser.
    await coach.goto('/admin?tab=menu');
    await expect(coach.getByRole('heading', { level: 1, name: 'Fundraiser Management' })).toBeVisible();
    await expect(coach.getByRole('tablist')).toHaveCount(0);
    // The staff screens send them home.
    await coach.goto('/reservations/dashboard');
    await expect(coach).toHaveURL(/\/$/);

    // The server refuses them everything else, with their own session cookie.
    const adminToken = await apiLogin(request, demo.admin);
    const all = (await (await request.get('/api/v1/wholesale/admin/fundraisers', { headers: { authorization: `Bearer ${adminToken}` } })).json()) as { data: { fundraisers: { id: number; name: string }[] } };
    const mine = all.data.fundraisers.find((f) => f.name === FUNDRAISER)!;
    const other = all.data.fundraisers.find((f) => f.name !== FUNDRAISER)!;
    const seen = (await (await coach.request.get('/api/v1/wholesale/admin/fundraisers')).json()) as { data: { fundraisers: { id: number }[] } };
    expect(seen.data.fundraisers.map((f) => f.id)).toEqual([mine.id]);
    expect((await coach.request.get(`/api/v1/wholesale/admin/fundraisers/${mine.id}/dashboard`)).status()).toBe(200);
    for (const url of [`/api/v1/wholesale/admin/fundraisers/${other.id}/dashboard`, `/api/v1/wholesale/admin/fundraisers/${other.id}/pick_list`, '/api/v1/admin/orders', '/api/v1/team', '/api/v1/admin/notifications']) {
      expect((await coach.request.get(url)).status(), url).toBe(403);
    }
  } finally {
    await coachContext.close();
  }
});
