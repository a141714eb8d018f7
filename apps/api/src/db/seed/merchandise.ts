import type { DbOrTx } from '../client.ts';
import { merchandiseCollections, merchandiseItems, merchandiseVariants } from '../schema/index.ts';
import { menuItemSlug } from './menu.ts';

/**
 * The demo merchandise shop (issue #4): collections, shirts in XS-5XL and several colours, hats,
 * stickers and accessories for restaurant 1, and a small shop for restaurant 2. Deterministic: same
 * rows, same ids on every fresh database. Prices in cents. Images are
 * /images/merchandise/<slug>[-back|-<colour>].svg (apps/web/public/images/merchandise, drawn by
 * ./merchandise-images.ts).
 *
 * Items other areas rely on (modules/merchandise tests check them):
 * - 'Kusina Logo Tee': XS-5XL × Black, White, Red; 'XL / Red' has 2 left (a low-stock variant);
 * - 'Fiesta 2025 Tee': sold out; 'Kusina Staff Tee': hidden;
 * - 'Spam Musubi Sticker': one variant, 3 left; 'Latte Stone Enamel Pin': stock not tracked;
 * - collection 'Island Essentials' is the only active one of restaurant 1 (the current one).
 */

export type MerchandiseArt = 'tee' | 'longsleeve' | 'hoodie' | 'tank' | 'hat' | 'sticker' | 'tote' | 'pin' | 'mug';

export interface SeedMerchandiseItem {
  name: string;
  description: string;
  /** Cents. */
  price: number;
  category: string;
  collection: string;
  art: MerchandiseArt;
  sizes?: readonly string[];
  colors?: readonly string[];
  /** Cents added per size (bigger shirts cost more). */
  sizeAdjustments?: Record<string, number>;
  /** Stock of every variant unless listed in `stockOf` ("size/color" or "/" for a single variant). */
  stock: number;
  stockOf?: Record<string, number>;
  damagedOf?: Record<string, number>;
  hidden?: boolean;
  tracked?: boolean;
}

interface SeedCollection {
  name: string;
  description: string;
  active: boolean;
}

const ALL_SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL', '5XL'] as const;
const bigSizes = { '2XL': 200, '3XL': 300, '4XL': 400, '5XL': 500 };

/** Demo colours and how they are drawn. */
export const MERCHANDISE_COLOURS: Record<string, string> = {
  Black: '#1f2937',
  White: '#f9fafb',
  Red: '#b91c1c',
  Navy: '#1e3a8a',
  Sand: '#d6c29a',
  Charcoal: '#374151',
  Olive: '#4d5d2a',
  Coral: '#f87171',
  Maroon: '#7f1d1d',
  Khaki: '#a8956b',
  Natural: '#efe6d2',
  Blue: '#2563eb',
  Gold: '#ca8a04',
};

const restaurantOneCollections: SeedCollection[] = [
  { name: 'Island Essentials', description: 'Everyday tees, hats and stickers from the Kusina kitchen crew.', active: true },
  { name: 'Fiesta Collection', description: 'Limited runs printed for the village fiesta season.', active: false },
  { name: 'Latte Stone Classics', description: 'Our first designs, back by popular demand.', active: false },
];

export const restaurantOneMerchandise: SeedMerchandiseItem[] = [
  {
    name: 'Kusina Logo Tee',
    description: 'Soft ring-spun cotton tee with the Kusina hibiscus logo on the chest and Tamuning on the back.',
    price: 2500,
    category: 'Shirts',
    collection: 'Island Essentials',
    art: 'tee',
    sizes: ALL_SIZES,
    colors: ['Black', 'White', 'Red'],
    sizeAdjustments: bigSizes,
    stock: 12,
    stockOf: { 'XL/Red': 2, 'XS/White': 0, '5XL/Black': 4 },
  },
  {
    name: 'Hafa Adai Tee',
    description: 'A warm Chamorro welcome in hand-lettered script. Unisex fit.',
    price: 2500,
    category: 'Shirts',
    collection: 'Island Essentials',
    art: 'tee',
    sizes: ALL_SIZES,
    colors: ['Navy', 'Sand'],
    sizeAdjustments: bigSizes,
    stock: 10,
  },
  {
    name: 'Latte Stone Tee',
    description: 'The ancient latte stone, screen printed in two tones.',
    price: 2800,
    category: 'Shirts',
    collection: 'Latte Stone Classics',
    art: 'tee',
    sizes: ALL_SIZES,
    colors: ['Charcoal', 'Olive'],
    sizeAdjustments: bigSizes,
    stock: 6,
  },
  {
    name: 'Guam Seal Long Sleeve',
    description: 'Long sleeve tee with the flying proa on the sleeve. Made for rainy-season evenings.',
    price: 3200,
    category: 'Shirts',
    collection: 'Island Essentials',
    art: 'longsleeve',
    sizes: ALL_SIZES,
    colors: ['Black', 'White'],
    sizeAdjustments: bigSizes,
    stock: 7,
  },
  {
    name: 'Plumeria Tank',
    description: 'Light tank with a plumeria lei print, for beach days at Ypao.',
    price: 2200,
    category: 'Shirts',
    collection: 'Island Essentials',
    art: 'tank',
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    colors: ['White', 'Coral'],
    stock: 9,
  },
  {
    name: 'Chamorro Pride Hoodie',
    description: 'Heavyweight hoodie with a kangaroo pocket and the Kusina star on the hood.',
    price: 4800,
    category: 'Shirts',
    collection: 'Latte Stone Classics',
    art: 'hoodie',
    sizes: ['S', 'M', 'L', 'XL', '2XL', '3XL'],
    colors: ['Black', 'Maroon'],
    sizeAdjustments: bigSizes,
    stock: 5,
  },
  {
    name: 'Fiesta 2025 Tee',
    description: 'Printed for last year’s fiesta. Sold out, and we are not reprinting it.',
    price: 2000,
    category: 'Shirts',
    collection: 'Fiesta Collection',
    art: 'tee',
    sizes: ['S', 'M', 'L', 'XL', '2XL'],
    colors: ['Red'],
    stock: 0,
  },
  {
    name: 'Kusina Staff Tee',
    description: 'Kitchen crew only (hidden from the shop).',
    price: 1500,
    category: 'Shirts',
    collection: 'Island Essentials',
    art: 'tee',
    sizes: ['S', 'M', 'L', 'XL'],
    colors: ['Black'],
    stock: 20,
    hidden: true,
  },
  {
    name: 'Kusina Snapback',
    description: 'Structured snapback with an embroidered hibiscus.',
    price: 2800,
    category: 'Hats',
    collection: 'Island Essentials',
    art: 'hat',
    colors: ['Black', 'Khaki'],
    stock: 14,
  },
  {
    name: 'Latte Stone Trucker Hat',
    description: 'Mesh-back trucker hat, one size fits most.',
    price: 2600,
    category: 'Hats',
    collection: 'Latte Stone Classics',
    art: 'hat',
    colors: ['Navy', 'Red'],
    stock: 11,
    stockOf: { '/Red': 3 },
  },
  {
    name: 'Island Bucket Hat',
    description: 'Reversible bucket hat: olive one side, sand the other.',
    price: 2400,
    category: 'Hats',
    collection: 'Fiesta Collection',
    art: 'hat',
    colors: ['Olive', 'Sand'],
    stock: 8,
  },
  {
    name: 'Kusina Logo Sticker',
    description: 'Weatherproof vinyl sticker, 3 inches.',
    price: 400,
    category: 'Stickers',
    collection: 'Island Essentials',
    art: 'sticker',
    stock: 150,
  },
  {
    name: 'Hafa Adai Sticker Pack',
    description: 'Five vinyl stickers: latte stone, hibiscus, proa, coconut crab and the Kusina logo.',
    price: 1000,
    category: 'Stickers',
    collection: 'Island Essentials',
    art: 'sticker',
    stock: 40,
  },
  {
    name: 'Spam Musubi Sticker',
    description: 'Our most-ordered pupu, now for your water bottle.',
    price: 350,
    category: 'Stickers',
    collection: 'Fiesta Collection',
    art: 'sticker',
    stock: 3,
  },
  {
    name: 'Kusina Tote Bag',
    description: 'Sturdy canvas tote for market day.',
    price: 1800,
    category: 'Accessories',
    collection: 'Island Essentials',
    art: 'tote',
    colors: ['Natural', 'Black'],
    stock: 16,
  },
  {
    name: 'Latte Stone Enamel Pin',
    description: 'Hard enamel pin with a gold finish. Made to order, never runs out.',
    price: 800,
    category: 'Accessories',
    collection: 'Latte Stone Classics',
    art: 'pin',
    stock: 0,
    tracked: false,
  },
  {
    name: 'Kusina Coffee Mug',
    description: '12 oz ceramic mug. A couple arrived chipped; they are set aside.',
    price: 1600,
    category: 'Accessories',
    collection: 'Island Essentials',
    art: 'mug',
    colors: ['White'],
    stock: 10,
    damagedOf: { '/White': 2 },
  },
];

const restaurantTwoCollections: SeedCollection[] = [
  { name: 'Barrigada Basics', description: 'The blue shop’s staples.', active: true },
];

export const restaurantTwoMerchandise: SeedMerchandiseItem[] = [
  {
    name: 'Barrigada Blue Tee',
    description: 'Kusina Barrigada logo tee.',
    price: 2500,
    category: 'Shirts',
    collection: 'Barrigada Basics',
    art: 'tee',
    sizes: ['S', 'M', 'L', 'XL'],
    colors: ['Blue'],
    stock: 8,
  },
  {
    name: 'Barrigada Sticker',
    description: 'Blue vinyl sticker.',
    price: 400,
    category: 'Stickers',
    collection: 'Barrigada Basics',
    art: 'sticker',
    stock: 60,
  },
];

const merchandiseSlug = menuItemSlug;

/** The image files of an item: front, back, and one per colour after the first. */
export function merchandiseImages(item: SeedMerchandiseItem): { front: string; back: string; colours: { colour: string; file: string }[] } {
  const slug = merchandiseSlug(item.name);
  return {
    front: `${slug}.svg`,
    back: `${slug}-back.svg`,
    colours: (item.colors ?? []).slice(1).map((colour) => ({ colour, file: `${slug}-${merchandiseSlug(colour)}.svg` })),
  };
}

async function seedShop(tx: DbOrTx, restaurantId: number, collections: SeedCollection[], items: SeedMerchandiseItem[]): Promise<void> {
  const inserted = await tx
    .insert(merchandiseCollections)
    .values(collections.map((c, position) => ({ restaurantId, name: c.name, description: c.description, active: c.active, position })))
    .returning({ id: merchandiseCollections.id, name: merchandiseCollections.name });
  const collectionIds = new Map(inserted.map((c) => [c.name, c.id]));

  for (const [position, seed] of items.entries()) {
    const images = merchandiseImages(seed);
    const [item] = await tx
      .insert(merchandiseItems)
      .values({
        restaurantId,
        merchandiseCollectionId: collectionIds.get(seed.collection) ?? null,
        name: seed.name,
        description: seed.description,
        basePriceCents: seed.price,
        imageUrl: `/images/merchandise/${images.front}`,
        secondImageUrl: `/images/merchandise/${images.back}`,
        additionalImages: images.colours.map((c) => `/images/merchandise/${c.file}`),
        categoryName: seed.category,
        hidden: seed.hidden ?? false,
        enableStockTracking: seed.tracked ?? true,
        position,
      })
      .returning({ id: merchandiseItems.id });
    if (!item) throw new Error('merchandise item insert returned nothing');

    const sizes: readonly (string | null)[] = seed.sizes ?? [null];
    const colours: readonly (string | null)[] = seed.colors ?? [null];
    const variants = sizes.flatMap((size, sizeIndex) =>
      colours.map((color, colourIndex) => {
        const key = `${size ?? ''}/${color ?? ''}`;
        return {
          merchandiseItemId: item.id,
          size,
          color,
          priceAdjustmentCents: size === null ? 0 : (seed.sizeAdjustments?.[size] ?? 0),
          stockQuantity: seed.stockOf?.[key] ?? seed.stock,
          damagedQuantity: seed.damagedOf?.[key] ?? 0,
          position: sizeIndex * colours.length + colourIndex,
        };
      }),
    );
    await tx.insert(merchandiseVariants).values(variants);
  }
}

export async function seedMerchandise(tx: DbOrTx): Promise<void> {
  await seedShop(tx, 1, restaurantOneCollections, restaurantOneMerchandise);
  await seedShop(tx, 2, restaurantTwoCollections, restaurantTwoMerchandise);
}
