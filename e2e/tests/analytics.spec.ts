import { expect, test } from './fixtures.ts';

/**
 * First-party analytics in a real browser (issue #37 item 5; decision 0117): once the page is idle
 * the client sends page views and clicks in batches; an endpoint that fails or storage that is
 * blocked changes nothing the visitor sees; Do Not Track sends nothing.
 */
interface Batch {
  anonymous_id: string;
  session_id: string;
  events: { type: string; path: string; target?: string }[];
}

test('page views and clicks arrive in batches', async ({ page }) => {
  const batches: Batch[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/analytics/events') && request.method() === 'POST') batches.push(request.postDataJSON() as Batch);
  });
  await page.goto('/');
  await expect.poll(() => batches.flatMap((b) => b.events).some((e) => e.type === 'page_view' && e.path === '/'), { timeout: 20_000 }).toBe(true);

  await page.goto('/menu');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The client starts once the page has loaded and is idle (it stays out of the first paint): a
  // click before that is not collected, so the person clicks once it has sent the menu's view.
  await expect.poll(() => batches.flatMap((b) => b.events).some((e) => e.type === 'page_view' && e.path === '/menu'), { timeout: 20_000 }).toBe(true);
  await page.getByRole('link', { name: 'Merchandise' }).first().click().catch(async () => {
    // The phone layout's menu holds the link.
    await page.getByRole('button', { name: /menu/i }).first().click();
    await page.getByRole('link', { name: 'Merchandise' }).first().click();
  });
  await expect(page).toHaveURL(/\/merchandise/);
  await expect
    .poll(
      () => {
        const events = batches.flatMap((b) => b.events);
        return events.some((e) => e.type === 'click' && e.path === '/menu' && /Merchandise/.test(e.target ?? '')) && events.some((e) => e.type === 'page_view' && e.path === '/merchandise');
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  // One visitor, one visit.
  expect(new Set(batches.map((b) => b.anonymous_id)).size).toBe(1);
  expect(new Set(batches.map((b) => b.session_id)).size).toBe(1);
});

test('a failing endpoint and blocked storage change nothing the visitor sees', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  let attempts = 0;
  await page.route('**/api/v1/analytics/events', (route) => {
    attempts += 1;
    return route.fulfill({ status: 500, body: '{"error":{"code":"INTERNAL","message":"down"}}', contentType: 'application/json' });
  });
  await page.addInitScript(() => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const storage = window.localStorage;
    const proto = Object.getPrototypeOf(storage) as Storage;
    // Analytics' own keys refuse: setItem and getItem throw for them, as a blocked store would.
    const get = proto.getItem;
    const set = proto.setItem;
    proto.getItem = function (key: string) {
      return key.startsWith('kusina.analytics') ? blocked() : get.call(this, key);
    };
    proto.setItem = function (key: string, value: string) {
      return key.startsWith('kusina.analytics') || key === '__kusina_analytics__' ? blocked() : set.call(this, key, value);
    };
  });
  await page.goto('/menu');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => attempts, { timeout: 20_000 }).toBeGreaterThan(0);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe('with Do Not Track', () => {
  test.use({ extraHTTPHeaders: { DNT: '1' } });

  test('nothing is sent', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }));
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/analytics/events')) sent += 1;
    });
    await page.goto('/menu');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(5000);
    expect(sent).toBe(0);
  });
});
