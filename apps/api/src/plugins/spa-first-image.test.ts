import { describe, expect, it } from 'vitest';
import { DEFAULT_HERO_IMAGE, firstMenuImage, firstMerchandiseImage, heroImage } from './spa-first-image.ts';

describe("the image a storefront page paints first, chosen as the page chooses it", () => {
  it("home: the site settings' hero, else the admin settings' one, else the default artwork", () => {
    expect(heroImage('/uploads/site.webp', '/uploads/admin.webp')).toBe('/uploads/site.webp');
    expect(heroImage(null, '/uploads/admin.webp')).toBe('/uploads/admin.webp');
    expect(heroImage('', undefined)).toBe(DEFAULT_HERO_IMAGE);
  });

  it("menu: the first dish of the first category by position that has dishes; uncategorised dishes last", () => {
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
