import { demo, expect, signIn, test } from './fixtures.ts';

/**
 * The storefront's entry pages come rendered from the server (decision 0077): the HTML holds the
 * page itself (its heading, the first dishes or shirts with their pictures), so it shows before any
 * code has arrived; the app then adopts that markup (hydration) for a visitor who is not signed in,
 * moving nothing and keeping every element the server sent.
 */
const pages = [
  { path: '/', heading: 'Kusina' },
  { path: '/menu', heading: 'Our Menu' },
  { path: '/merchandise', heading: 'Merchandise' },
];

for (const { path, heading } of pages) {
  test(`${path} shows its content and first image before any code runs`, async ({ page }) => {
    await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('[data-shell]')).toHaveCount(0);
    // The image the server preloads is the page's first, painted from the HTML alone.
    const preloaded = await page.locator('link[rel="preload"][as="image"]').getAttribute('href');
    const first = page.locator('main img').first();
    await expect(first).toHaveAttribute('src', preloaded!);
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test(`${path}: the app adopts the server's markup without moving or replacing it`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.addInitScript(() => {
      const state = window as unknown as { shifts: number; serverHeading: Element | null };
      state.shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) state.shifts += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      // The heading element as the HTML parser made it, before any code ran.
      document.addEventListener('DOMContentLoaded', () => (state.serverHeading = document.querySelector('main h1')));
    });
    await page.goto(path);
    // The footer is rendered by the app after it has adopted the page: the app is running.
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.waitForTimeout(500);
    const { same, shifts } = await page.evaluate(() => {
      const state = window as unknown as { shifts: number; serverHeading: Element | null };
      return { same: state.serverHeading !== null && state.serverHeading === document.querySelector('main h1'), shifts: state.shifts };
    });
    expect(same).toBe(true);
    expect(shifts).toBeLessThan(0.01);
    expect(errors).toEqual([]);
  });
}

test('the adopted menu works: a search filters the dishes the server rendered', async ({ page }) => {
  await page.goto('/menu');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  const kalua = page.locator('main').getByText('Kalua Pork Plate', { exact: true });
  await expect(kalua).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search menu' }).fill('chicken katsu');
  await expect(page.getByRole('button', { name: 'Add Chicken Katsu Plate to Cart' })).toBeVisible();
  await expect(kalua).toHaveCount(0);
});

test('a signed-in customer gets the server-rendered page with their own header', async ({ page }) => {
  // The page is rendered for a guest on the server and rebuilt for the customer in the browser.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, demo.customer);
  await page.goto('/menu');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Our Menu' })).toBeVisible();
  await expect(page.locator('header a[href="/login"]')).toHaveCount(0);
  await expect(page.locator('main').getByText('Kalua Pork Plate', { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});
