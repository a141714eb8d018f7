import type { Page } from '@playwright/test';
import { expect, RESTAURANT_TWO_ORIGIN, test } from './fixtures.ts';

/**
 * index.html carries the app's frame (decision 0055): the header's band and logo row, painted before
 * the code arrives, on every page the server does not render (home, menu and shop are rendered
 * whole: server-render.spec.ts). React's first render replaces it; nothing on screen may move when
 * it does (layout shift), in either colour scheme, on phones and desktops.
 */
async function frame(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element | null | undefined) => {
      const rect = element?.getBoundingClientRect();
      return rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
    };
    const header = document.querySelector('#root header');
    return { header: box(header), band: box(header?.firstElementChild), logo: box(header?.querySelector(':scope > div:nth-child(2) svg')) };
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the frame in index.html paints before the code and matches the app's header (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    // Without its code the page shows the frame only: header, band and logo in the theme's colours.
    await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
    await page.goto('/cart');
    await expect(page.locator('[data-shell] header svg')).toBeVisible();
    const shell = await frame(page);
    const shellColors = await page.locator('[data-shell] header > div').first().evaluate((band) => getComputedStyle(band).backgroundColor);
    await page.unroute(/\/assets\/.+\.js$/);

    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
    await expect(page.locator('[data-shell]')).toHaveCount(0);
    const app = await frame(page);
    expect(app).toEqual(shell);
    expect(await page.locator('#root header > div').first().evaluate((band) => getComputedStyle(band).backgroundColor)).toBe(shellColors);
  });
}

test('replacing the frame moves nothing: no layout shift while / loads', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.01);
});

test("restaurant 2's frame wears its blue theme before the code runs, the colour its header keeps", async ({ page }) => {
  const logoFill = (selector: string) => page.locator(selector).first().evaluate((circle) => getComputedStyle(circle).fill);
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
  await page.goto(`${RESTAURANT_TWO_ORIGIN}/cart`);
  await expect(page.locator('[data-shell] header svg')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'blue');
  const frameFill = await logoFill('[data-shell] header > div:nth-child(2) svg circle');
  await page.unroute(/\/assets\/.+\.js$/);

  await page.goto(`${RESTAURANT_TWO_ORIGIN}/cart`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
  await expect(page.locator('[data-shell]')).toHaveCount(0);
  expect(await logoFill('#root header > div:nth-child(2) svg circle')).toBe(frameFill);
  // And it is not the default gold of restaurant 1.
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
  await page.goto('/cart');
  await expect(page.locator('[data-shell] header svg')).toBeVisible();
  expect(await logoFill('[data-shell] header > div:nth-child(2) svg circle')).not.toBe(frameFill);
});
