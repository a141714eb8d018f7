import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * A page comes rendered with its answers, or it is the plain frame the app renders itself
 * (docs/storefront-first-paint.md): a page the server rendered asks for none of its answers again,
 * and a page it did not render names no data preloads (there is no second fast path). The live
 * connection is kept out: once subscribed it refetches on purpose (decision 0070).
 */
test.skip(({ isMobile }) => !isMobile, 'once is enough: the page code is the same on both projects');

function watchApi(page: Page) {
  const requested: string[] = [];
  const warnings: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requested.push(`${url.pathname}${url.search}`);
  });
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  });
  return { requested, warnings };
}

async function withoutLiveConnection(page: Page) {
  await page.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
  await page.route('**/socket.io/**', (route) => route.abort());
}

test('/cart is the plain frame: no data preloads, and each answer it asks for fetched once', async ({ page }) => {
  await withoutLiveConnection(page);
  const { requested, warnings } = watchApi(page);
  await page.goto('/cart');
  expect(await page.locator('link[rel="preload"][as="fetch"]').count()).toBe(0);
  await expect(page.locator('#main-content')).toBeVisible();
  await page.waitForTimeout(3_500); // Chromium reports an unused preload after about three seconds
  expect(requested.length).toBeGreaterThan(0);
  expect(new Set(requested).size).toBe(requested.length);
  expect(warnings).toEqual([]);
});

for (const path of ['/', '/menu', '/merchandise']) {
  test(`${path} comes rendered with the answers it was rendered from, and asks for none of them again`, async ({ page }) => {
    await withoutLiveConnection(page);
    const { requested, warnings } = watchApi(page);
    await page.goto(path);
    expect(await page.locator('#kusina-state').count()).toBe(1);
    expect(await page.locator('link[rel="preload"][as="fetch"]').count()).toBe(0);
    await expect(page.locator('#main-content')).toBeVisible();
    // The app has taken the page over from the answers in it: its menu button works.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(1_000);
    expect(requested).toEqual([]);
    expect(warnings).toEqual([]);
  });
}

for (const path of ['/', '/menu', '/merchandise']) {
  test(`${path} preloads the image it paints first (its LCP element), and only that one`, async ({ page }) => {
    await page.goto(path);
    const preloaded = await page.locator('link[rel="preload"][as="image"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(preloaded).toHaveLength(1);
    // The page's first image is the preloaded one (the render chose it from its answers as the page does: app/entry-pages.ts).
    await expect(page.locator('main img').first()).toHaveAttribute('src', preloaded[0]!);
    await expect(page.locator('main img').first()).toHaveAttribute('fetchpriority', 'high');
    // Only that one asks for high priority: the other first images load at once at the browser's own
    // priority, high only for those in view, so on a phone they do not compete with it (0082).
    await expect(page.locator('main img[fetchpriority="high"]')).toHaveCount(1);
    expect(await page.locator('main img[loading="eager"]').count()).toBeGreaterThan(1);
  });
}

// The entry's styles are one stylesheet the page links (its inlining was measured and removed,
// docs/storefront-first-paint.md): fetched once, and applied once even though the lazy pages' code
// names it among its dependencies.
test('the storefront styles are fetched once: opening the shop, then going on to the menu', async ({ page }) => {
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet' || new URL(request.url()).pathname.endsWith('.css')) stylesheets.push(new URL(request.url()).pathname);
  });
  await page.goto('/merchandise');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.locator('footer').getByRole('link', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our Menu' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(stylesheets).toHaveLength(1);
  expect(stylesheets[0]).toMatch(/^\/assets\/[\w-]+\.css$/);
  // One copy of the styles (the toaster adds its own small sheet).
  const sheets = await page.evaluate(() => Array.from(document.styleSheets).filter((sheet) => sheet.cssRules.length > 50).length);
  expect(sheets).toBe(1);
  await expect(page.locator('header').first()).toHaveCSS('position', 'sticky');
});

