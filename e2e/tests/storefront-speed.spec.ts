import { expect, test } from './fixtures.ts';

/**
 * The server preloads the public data a page asks for first with its HTML (apps/api/src/plugins/spa.ts,
 * dataPreloads). A preload the page does not use is a request wasted on a phone (and the SPA's query
 * URLs could drift from the server's list): each preloaded URL must be requested once and used.
 */
test.skip(({ isMobile }) => !isMobile, 'once is enough: the page code is the same on both projects');

for (const path of ['/', '/menu', '/merchandise', '/cart']) {
  test(`${path} uses every data preload its HTML names, fetching each once`, async ({ page }) => {
    const requested: string[] = [];
    const warnings: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) requested.push(`${url.pathname}${url.search}`);
    });
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    await page.goto(path);
    const preloaded = await page.locator('link[rel="preload"][as="fetch"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(preloaded.length).toBeGreaterThanOrEqual(3);
    await expect(page.locator('#main-content')).toBeVisible();
    // Every preloaded answer is read by the page: a fetch that does not match its preload would
    // show as a second request for the same URL (and Chromium warns about the unused preload).
    for (const url of preloaded) await expect.poll(() => requested.filter((r) => r === url).length, { message: url }).toBe(1);
    await page.waitForTimeout(3_500); // Chromium reports an unused preload after about three seconds
    for (const url of preloaded) expect(requested.filter((r) => r === url), url).toHaveLength(1);
    expect(warnings).toEqual([]);
  });
}

for (const path of ['/', '/menu', '/merchandise']) {
  test(`${path} preloads the image it paints first (its LCP element), and only that one`, async ({ page }) => {
    await page.goto(path);
    const preloaded = await page.locator('link[rel="preload"][as="image"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(preloaded).toHaveLength(1);
    // The page's first image is the preloaded one (the server chose it as the page does: spa-first-image.ts).
    await expect(page.locator('main img').first()).toHaveAttribute('src', preloaded[0]!);
    await expect(page.locator('main img').first()).toHaveAttribute('fetchpriority', 'high');
  });
}
