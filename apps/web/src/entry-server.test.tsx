// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderPage, scriptSafeJson, shownKey, type Answer } from './entry-server.tsx';
import { menuItem, menuResponse } from './test/storefront-fixtures.tsx';
import { restaurantFixture } from './test/api-mock.ts';

/** The server's render of the storefront's entry pages, in Node as the API runs it (decision 0077). */

const menu = menuResponse([
  menuItem({ id: 1, name: 'Spam Musubi', image: '/images/menu/spam-musubi.svg', featured: true }),
  menuItem({ id: 2, name: 'Chicken Kelaguen', image: '/images/menu/chicken-kelaguen.svg' }),
]);

const bodies: Record<string, unknown> = {
  '/api/v1/restaurants/1': restaurantFixture,
  '/api/v1/admin/site_settings': { hero_image_url: null },
  '/api/v1/menu': menu,
  '/api/v1/restaurants/1/ordering_status': {
    restaurant_id: 1,
    open: true,
    closes_at: '2026-03-05T11:00:00.000Z',
    next_opens_at: null,
    hours_today: '11AM-9PM',
    state_text: 'Open now · closes Thu 9:00 PM',
    time_zone: 'Pacific/Guam',
  },
};

function answers(asked: string[], overrides: Record<string, { status: number; body: unknown }> = {}): Answer {
  return async (url) => {
    asked.push(url);
    const path = url.split('?')[0]!;
    const answer = overrides[path] ?? (path in bodies ? { status: 200, body: bodies[path] } : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } });
    return { status: answer.status, body: JSON.stringify(answer.body) };
  };
}

describe('renderPage', () => {
  it('renders the menu with its first dishes and pictures, gives the queries it used with their answers, and writes no script', async () => {
    const asked: string[] = [];
    const page = await renderPage('/menu', 1, answers(asked));
    expect(page).not.toBeNull();
    expect(page!.html).toContain('Our Menu');
    expect(page!.html).toContain('Spam Musubi');
    expect(page!.html).toContain('Chicken Kelaguen');
    expect(page!.html).toContain('src="/images/menu/spam-musubi.svg"');
    expect(page!.html).toContain('Open now · closes Thu 9:00 PM');
    expect(page!.html).not.toContain('<script');
    // React's own image preloads are left out: the server names the first image itself.
    expect(page!.html).not.toContain('rel="preload"');
    // Each query with the answer it was rendered from, for the browser's first render.
    expect(JSON.parse(page!.state)).toEqual([
      [['restaurants', 1, { include_settings: true }], restaurantFixture],
      [['site-settings', 1], { hero_image_url: null }],
      [['menu', 1], menu],
      [['ordering-status', 1], bodies['/api/v1/restaurants/1/ordering_status']],
    ]);
    expect(asked.sort()).toEqual([
      '/api/v1/admin/site_settings?restaurant_id=1',
      '/api/v1/menu?restaurant_id=1',
      '/api/v1/restaurants/1/ordering_status',
      '/api/v1/restaurants/1?include_settings=true',
    ]);
    // The lead image, from the answers: the first dish's picture.
    expect(page!.leadImage).toBe('/images/menu/spam-musubi.svg');
  });

  it('renders every dish, not only a first screen, so the app adopts the whole list and builds none of it (0079)', async () => {
    const long = menuResponse(Array.from({ length: 20 }, (_, index) => menuItem({ id: index + 1, name: `Plate number ${index + 1}` })));
    const page = await renderPage('/menu', 1, answers([], { '/api/v1/menu': { status: 200, body: long } }));
    for (let id = 1; id <= 20; id++) expect(page!.html).toContain(`>Plate number ${id}</h3>`);
  });

  it('renders the home page with its hero and the featured dishes', async () => {
    const page = await renderPage('/', 1, answers([]));
    expect(page!.html).toContain('src="/images/hero-kusina.svg"');
    expect(page!.leadImage).toBe('/images/hero-kusina.svg');
    expect(page!.html).toContain('Spam Musubi');
    expect((JSON.parse(page!.state) as [unknown, unknown][]).map(([key]) => key)).toContainEqual(['menu', 1, { featured: true }]);
  });

  it('reuses the last render while what it shows is the same, and renders again when that changes', async () => {
    const first = await renderPage('/menu', 1, answers([]));
    expect(await renderPage('/menu', 1, answers([]))).toBe(first);
    // An order of a dish with plenty left changes its stock, not the card: the same page.
    const tracked = (left: number) => menuResponse([
      menuItem({ id: 1, name: 'Spam Musubi', image: '/images/menu/spam-musubi.svg', featured: true, enable_stock_tracking: true, stock_quantity: left, available_quantity: left }),
      menuItem({ id: 2, name: 'Chicken Kelaguen', image: '/images/menu/chicken-kelaguen.svg' }),
    ]);
    const plenty = await renderPage('/menu', 1, answers([], { '/api/v1/menu': { status: 200, body: tracked(120) } }));
    expect(await renderPage('/menu', 1, answers([], { '/api/v1/menu': { status: 200, body: tracked(119) } }))).toBe(plenty);
    // A count the card spells out is shown: rendered again.
    const few = await renderPage('/menu', 1, answers([], { '/api/v1/menu': { status: 200, body: tracked(12) } }));
    expect(few).not.toBe(plenty);
    expect(few!.html).toContain('12 in stock');
    const soldOut = menuResponse([menuItem({ id: 1, name: 'Spam Musubi', enable_stock_tracking: true, available_quantity: 0, stock_status: 'out_of_stock', is_available: false })]);
    const changed = await renderPage('/menu', 1, answers([], { '/api/v1/menu': { status: 200, body: soldOut } }));
    expect(changed).not.toBe(first);
    expect(changed!.html).toContain('Sorry, this item is out of stock.');
    expect(changed!.html).not.toContain('Chicken Kelaguen');
  });

  it('answers null for a page it does not render, or when a query the page shows first fails', async () => {
    expect(await renderPage('/checkout', 1, answers([]))).toBeNull();
    expect(await renderPage('/menu', 1, answers([], { '/api/v1/menu': { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } } }))).toBeNull();
  });

  it('renders two restaurants at once, each with its own restaurant and answers', async () => {
    const second = menuResponse([menuItem({ id: 9, name: 'Red Rice', image: '/images/menu/red-rice.svg' })]);
    const two: Answer = async (url) => {
      if (url.startsWith('/api/v1/menu')) return { status: 200, body: JSON.stringify(second) };
      if (url.startsWith('/api/v1/restaurants/2/ordering_status')) return { status: 200, body: JSON.stringify({ ...bodies['/api/v1/restaurants/1/ordering_status'] as object, restaurant_id: 2 }) };
      if (url.startsWith('/api/v1/restaurants/2')) return { status: 200, body: JSON.stringify({ ...restaurantFixture, id: 2, name: 'Kusina Two' }) };
      return answers([])(url);
    };
    const [one, other] = await Promise.all([renderPage('/ordering', 1, answers([])), renderPage('/ordering', 2, two)]);
    expect(one!.html).toContain('Spam Musubi');
    expect(one!.html).not.toContain('Red Rice');
    expect(other!.html).toContain('Red Rice');
    expect(other!.html).not.toContain('Spam Musubi');
    expect(JSON.parse(other!.state)).toContainEqual([['menu', 2], second]);
  });
});

describe('shownKey', () => {
  it('sees a stock count only where a card spells it out', () => {
    const item = (available_quantity: number) => [{ items: [{ id: 1, stock_quantity: available_quantity + 1, damaged_quantity: 1, available_quantity }] }];
    expect(shownKey(item(500))).toBe(shownKey(item(21)));
    expect(shownKey(item(20))).not.toBe(shownKey(item(21)));
    expect(shownKey(item(3))).not.toBe(shownKey(item(4)));
  });
});

describe('scriptSafeJson', () => {
  it('writes JSON that cannot close the script element it sits in', () => {
    const json = scriptSafeJson([['menu', 1], '</script><script>alert(1)</script><!--']);
    expect(json).not.toContain('</script');
    expect(json).not.toContain('<!--');
    expect(JSON.parse(json)).toEqual([['menu', 1], '</script><script>alert(1)</script><!--']);
  });
});
