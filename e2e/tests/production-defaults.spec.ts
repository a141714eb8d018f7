import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, RESTAURANT_TWO_ORIGIN, test } from './fixtures.ts';

/*
 * Issue #33 in the browser: a restaurant in test mode says so at checkout and to its admins (both
 * themes, a 360 px phone), and the storefront loads under the CSP that allows only the app and the
 * configured processors (the e2e server configures none).
 */

test.use({ viewport: { width: 360, height: 740 } });

const GOLD = '';
const BLUE = RESTAURANT_TWO_ORIGIN;

async function signInAt(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
}

async function expectNoSideScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

for (const [theme, origin, adminEmail] of [
  ['gold', GOLD, 'admin@kusina.test'],
  ['blue', BLUE, 'admin2@kusina.test'],
] as const) {
  test(`test mode is said at checkout and on the admin dashboard (${theme} theme, 360 px)`, async ({ page }) => {
    await page.goto(`${origin}/menu`);
    await page.getByRole('button', { name: /^Add .+ to Cart$/ }).first().click();
    await expect(page.getByRole('link', { name: /^Cart, 1 item/ })).toBeVisible();
    await page.goto(`${origin}/checkout`);
    const banner = page.getByRole('status').filter({ hasText: 'Test mode: no real payment is taken' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('no card is charged and no money moves');
    await expectNoSideScroll(page);
    await expectAccessible(page);

    await signInAt(page, origin, adminEmail);
    await page.goto(`${origin}/admin`);
    const adminBanner = page.getByRole('status').filter({ hasText: 'Payments are in test mode' });
    await expect(adminBanner).toBeVisible();
    await expect(adminBanner).toContainText('Restaurant → Online payments');
    await expectNoSideScroll(page);
    await expectAccessible(page);
  });
}

test('the storefront loads its pictures and live connection with nothing refused by the CSP', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(`${page.url()}: ${message.text()}`);
  });
  for (const path of ['/', '/menu', '/merchandise']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // The pictures on screen have loaded (local SVGs and uploads: 'self').
    const broken = await page.evaluate(() =>
      Array.from(document.images)
        .filter((image) => image.getBoundingClientRect().top < window.innerHeight && image.loading !== 'lazy')
        .filter((image) => image.complete && image.naturalWidth === 0)
        .map((image) => image.currentSrc || image.src),
    );
    expect(broken, path).toEqual([]);
  }
  const csp = (await page.request.get('/menu')).headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/connect-src 'self' ws:\/\/localhost:\d+ wss:\/\/localhost:\d+(;|$)/);
  expect(csp).toContain("img-src 'self' data: blob:;");
  expect(refused).toEqual([]);
});
