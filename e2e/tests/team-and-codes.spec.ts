import type { Page } from '@playwright/test';
import { demo, DEMO_PASSWORD, dismissToasts, expect, expectAccessible, fillTestCard, openAllDayDuringSpec, readOutbox, signIn, test, uniqueEmail } from './fixtures.ts';

/**
 * Issue #37 in a real browser, on a phone and a desktop: an admin invites a staff member who
 * accepts the e-mailed link and signs in, then loses access when deactivated; an admin creates a
 * promo code that a guest then uses at checkout. Both themes pass axe; nothing scrolls sideways at 360 px.
 */

// The guest orders "as soon as possible" at any hour in Guam (issue #23).
openAllDayDuringSpec();

/** axe in the light and the dark theme, and no sideways scrolling at 360 px. */
async function checkPage(page: Page): Promise<void> {
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

test('an admin invites a staff member, who accepts the link, signs in as staff and is signed out when deactivated', async ({ page, browser }, testInfo) => {
  const email = uniqueEmail('new-cook', testInfo);
  await signIn(page, demo.admin);
  await page.goto('/admin?tab=team');
  await expect(page.getByRole('heading', { name: 'Team members' })).toBeVisible();
  await expect(page.getByText('Kekoa Staff')).toBeVisible();
  await checkPage(page);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role').selectOption('staff');
  await page.getByRole('button', { name: 'Send invite' }).click();
  await dismissToasts(page, `Invite sent to ${email}.`);
  await expect(page.getByText(email)).toBeVisible();

  // The invitee opens the e-mailed link (its whole text is in the server log, as for reset links).
  const mail = await readOutbox(email, 'email');
  const link = new URL(mail.body.match(/https?:\/\/\S+\/accept-invite\?\S+/)?.[0] ?? '');
  const invitee = await browser.newContext({ ...testInfo.project.use, serviceWorkers: 'block' });
  const them = await invitee.newPage();
  try {
    await them.goto(`${link.pathname}${link.search}`);
    await expect(them.getByRole('heading', { name: 'Join the Team' })).toBeVisible();
    await expect(them.getByText(/You are invited to Kusina as/)).toContainText('staff');
    await checkPage(them);
    await them.getByLabel('First name').fill('Tasi');
    await them.getByLabel('Last name').fill('Perez');
    await them.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await them.getByLabel('Confirm password').fill(DEMO_PASSWORD);
    await them.getByRole('button', { name: 'Join and sign in' }).click();
    await expect(them).toHaveURL(/\/admin$/);
    await expect(them.getByRole('heading', { name: 'Staff Tools / Order Management' })).toBeVisible();
    await expect(them.getByText('Signed in as Tasi Perez · staff')).toBeVisible();

    // The link is spent.
    await them.goto(`${link.pathname}${link.search}`);
    await expect(them.getByText('This invite link is invalid or has expired. Ask your admin for a new one.')).toBeVisible();

    // The admin sees the new member and deactivates them: their next request is refused.
    await page.reload();
    const deactivate = page.getByRole('button', { name: 'Deactivate Tasi Perez' });
    await expect(deactivate).toBeVisible();
    await deactivate.click();
    await page.getByRole('dialog', { name: 'Deactivate Tasi Perez?' }).getByRole('button', { name: 'Deactivate' }).click();
    await dismissToasts(page, 'Tasi Perez can no longer sign in.');
    // The very next request with their session cookie is refused.
    const refused = await them.request.get('/api/v1/profile');
    expect(refused.status()).toBe(401);
    // Signing in again (a fresh browser) is refused with the reason.
    const again = await browser.newPage({ ...testInfo.project.use, serviceWorkers: 'block' });
    try {
      await again.goto('/login');
      await again.getByLabel('Email').fill(email);
      await again.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await again.getByRole('button', { name: 'Sign In' }).click();
      await expect(again.getByText('This account has been deactivated. Ask an admin of your restaurant.').first()).toBeVisible();
    } finally {
      await again.close();
    }
  } finally {
    await invitee.close();
  }

  // The audit log tells who did it.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page.getByText(`Deactivated ${email}; their sessions ended`)).toBeVisible();
  await expect(page.getByText(`Invited ${email} as staff`)).toBeVisible();
  await checkPage(page);
});

test('an admin creates a promo code that a guest then uses at checkout', async ({ page, browser }, testInfo) => {
  const code = `E2E${testInfo.project.name.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, demo.admin);
  await page.goto('/admin?tab=codes');
  await expect(page.getByRole('heading', { name: 'Promo Codes' })).toBeVisible();
  await expect(page.getByText('HAFA5')).toBeVisible();
  await checkPage(page);

  await page.getByRole('button', { name: 'New promo code' }).click();
  const dialog = page.getByRole('dialog', { name: 'New promo code' });
  await dialog.getByLabel('Code', { exact: true }).fill(code);
  await dialog.getByLabel('Discount type').selectOption('amount');
  await dialog.getByLabel('Dollars off').fill('3');
  await dialog.getByLabel('Max uses').fill('5');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create code' }).click();
  await dismissToasts(page, `${code} created.`);
  const row = page.getByRole('listitem').filter({ hasText: code });
  await expect(row).toContainText('$3.00 off · 0 of 5 used · 5 left');

  // A guest uses it: Chicken Katsu Plate $13.95 − $3.00.
  const guest = await browser.newContext({ ...testInfo.project.use, serviceWorkers: 'block' });
  const shopper = await guest.newPage();
  try {
    await shopper.goto('/menu');
    await shopper.getByRole('searchbox', { name: 'Search menu' }).fill('chicken katsu');
    await shopper.getByRole('button', { name: 'Add Chicken Katsu Plate to Cart' }).click();
    await expect(shopper.getByText('Added Chicken Katsu Plate to cart')).toBeVisible();
    await shopper.goto('/checkout');
    await shopper.getByLabel('Name', { exact: true }).fill('Kai Santos');
    await shopper.getByLabel('Email').fill('kai@example.com');
    await shopper.getByLabel('Phone').fill('+16715550177');
    await shopper.getByLabel('Promo code').fill(code.toLowerCase());
    await shopper.getByRole('button', { name: 'Apply' }).click();
    await expect(shopper.getByText('$10.95').first()).toBeVisible();
    await fillTestCard(shopper);
    await shopper.getByRole('button', { name: 'Place Order' }).click();
    await expect(shopper.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  } finally {
    await guest.close();
  }

  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: code })).toContainText('1 of 5 used · 4 left');
  // Expired now: checkout refuses it from then on.
  await page.getByRole('button', { name: `Expire ${code} now` }).click();
  await page.getByRole('dialog', { name: `Expire ${code} now?` }).getByRole('button', { name: 'Expire now' }).click();
  await dismissToasts(page, `${code} has expired.`);
  await expect(page.getByRole('listitem').filter({ hasText: code })).toContainText('Expired');
  const apply = await page.request.post('/api/v1/promo_codes/apply', { data: { code, total: 20 } });
  expect(apply.status()).toBe(422);
});
