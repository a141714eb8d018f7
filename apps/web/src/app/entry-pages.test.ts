// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HERO_IMAGE, ENTRY_PAGE_MODULES, firstMenuImage, firstMerchandiseImage, heroImage, SERVER_RENDERED_PAGES } from './entry-pages.ts';
import { OFFLINE_EXTRA_MODULES } from './entry-page-modules.ts';

const webRoot = path.resolve(import.meta.dirname, '../..');

describe('the entry pages, declared once', () => {
  it('name source modules that exist, and every page the server renders has its code named', () => {
    for (const file of [...Object.values(ENTRY_PAGE_MODULES).flat(), ...OFFLINE_EXTRA_MODULES]) expect(existsSync(path.join(webRoot, file)), file).toBe(true);
    for (const route of Object.keys(SERVER_RENDERED_PAGES)) expect(ENTRY_PAGE_MODULES[route], route).toBeDefined();
  });

  it("load each page's first module from entry-pages.ts (the build names that module's chunk)", () => {
    const source = readFileSync(path.join(import.meta.dirname, 'entry-pages.ts'), 'utf8');
    for (const [route, [page]] of Object.entries(ENTRY_PAGE_MODULES)) expect(source, route).toContain(`import('../${page!.replace(/^src\//, '')}')`);
  });

  it('ask, for each rendered page, the layout and the page its first queries', async () => {
    const keys = async (route: string) => (await SERVER_RENDERED_PAGES[route]!(3)).queries.map((query) => query.queryKey);
    expect(await keys('/')).toEqual([['restaurants', 3, { include_settings: true }], ['site-settings', 3], ['menu', 3, { featured: true }], ['ordering-status', 3]]);
    expect(await keys('/menu')).toEqual(await keys('/ordering'));
    expect(await keys('/merchandise')).toContainEqual(['merchandise', 'items', 3]);
  });
});

describe('the image a storefront page paints first, chosen as the page chooses it', () => {
  it("home: the site settings' hero, else the admin settings' one, else the default artwork", () => {
    expect(heroImage('/uploads/site.webp', '/uploads/admin.webp')).toBe('/uploads/site.webp');
    expect(heroImage(null, '/uploads/admin.webp')).toBe('/uploads/admin.webp');
    expect(heroImage('', undefined)).toBe(DEFAULT_HERO_IMAGE);
  });

  it('menu: the first dish of the first category by position that has dishes; uncategorised dishes last', () => {
    const categories = [
      { id: 1, position: 2 },
      { id: 2, position: 1 },
      { id: 3, position: 0 },
    ];
    const items = [
      { category_id: 1, image: '/a.svg' },
      { category_id: null, image: '/other.svg' },
      { category_id: 2, image: '/b.svg' },
      { category_id: 2, image: '/c.svg' },
    ];
    expect(firstMenuImage(categories, items)).toBe('/b.svg'); // category 3 has no dishes
    expect(firstMenuImage(categories, [{ category_id: 2, image: null }, { category_id: 2, image: '/c.svg' }])).toBeNull();
    expect(firstMenuImage([], [{ category_id: 9, image: '/orphan.svg' }])).toBe('/orphan.svg');
    expect(firstMenuImage(categories, [])).toBeNull();
  });

  it('shop: the current collection first, else the first active one by position, else All Items', () => {
    const items = [
      { merchandise_collection_id: 7, image_url: '/seven.svg' },
      { merchandise_collection_id: 5, image_url: '/five.svg' },
      { merchandise_collection_id: 6, image_url: '/six.svg' },
    ];
    const collection = (id: number, position: number, active = true, current = false) => ({ id, position, active, current });
    expect(firstMerchandiseImage([collection(6, 0), collection(5, 1, true, true)], items)).toBe('/five.svg');
    expect(firstMerchandiseImage([collection(5, 1), collection(6, 0), collection(7, 0, false)], items)).toBe('/six.svg');
    expect(firstMerchandiseImage([collection(7, 0, false)], items)).toBe('/seven.svg');
    expect(firstMerchandiseImage([], [{ merchandise_collection_id: null, image_url: null }])).toBeNull();
  });
});
