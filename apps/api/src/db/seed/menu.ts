import type { DbOrTx } from '../client.ts';
import { menuCategories, menuItems, menus, optionGroups, options } from '../schema/index.ts';

/**
 * The demo catalog (issue #3): a Hawaiian and Chamorro menu for restaurant 1 and a smaller one for
 * restaurant 2. Deterministic: same rows, same order, same ids on every fresh database. Prices in
 * cents; an option price of null is the spec's $2 default. Each item's image is
 * /images/menu/<slug>.svg (apps/web/public/images/menu, drawn by ./menu-images.ts).
 *
 * Items other areas rely on (ids are stable on a fresh seed; modules/menu/routes.test.ts checks them):
 * - #25 'Spam Musubi': stock 10, the checkout concurrency test's item, no option groups;
 * - #22 'Tako Poke': tracked and sold out; #36 'Butter Mochi': low stock (3 left);
 * - #3 'Hawaiian Mixed Plate': groups #4 protein (min 1 max 1), #5 sauces (min 0 max 3, 1 free,
 *   NULL prices = $2) and #6 tracked add-ons with option #20 'Extra Spam' out of stock;
 * - #9 'Fresh Catch Plate': a required group whose options are all out (has_required_unavailable_options);
 * - #46-#51 party trays need 24 h notice (#50 'Whole Kalua Pig' 48 h); #18 'Sunday Fiesta Plate' is
 *   weekends only; #15 'Tinaktak' is switched off; #1 'Kalua Pork Plate' is featured.
 */

interface SeedOption {
  name: string;
  /** Cents; null = the $2 default. */
  price: number | null;
  preselected?: boolean;
  available?: boolean;
  stock?: number;
  damaged?: number;
}

interface SeedGroup {
  name: string;
  min: number;
  max: number;
  free?: number;
  tracked?: boolean;
  options: SeedOption[];
}

interface SeedItem {
  name: string;
  description: string;
  /** Cents. */
  price: number;
  featured?: boolean;
  seasonal?: boolean;
  promoLabel?: string;
  availableUntil?: string;
  statusNote?: string;
  advanceNoticeHours?: number;
  availableDays?: number[];
  vegetarian?: boolean;
  vegan?: boolean;
  glutenFree?: boolean;
  dairyFree?: boolean;
  nutFree?: boolean;
  spicy?: boolean;
  available?: boolean;
  /** Tracked stock: [stock, damaged]. */
  stock?: [number, number];
  groups?: SeedGroup[];
}

export interface SeedCategory {
  name: string;
  description: string;
  /** Drawing of the images: vessel and colour. */
  style: MenuImageStyle;
  items: SeedItem[];
}

export type MenuImageStyle = 'plate' | 'chamorro' | 'bowl' | 'pupu' | 'dessert' | 'drink' | 'tray';

const sauces: SeedGroup = {
  name: 'Sauces',
  min: 0,
  max: 3,
  free: 1,
  options: [
    { name: "Fina'denne'", price: null },
    { name: 'Shoyu Mayo', price: null },
    { name: 'Chili Pepper Water', price: 50 },
    { name: 'Katsu Sauce', price: null },
    { name: 'Guava BBQ Sauce', price: 75 },
  ],
};

export const restaurantOneMenu: SeedCategory[] = [
  {
    name: 'Plate Lunches',
    description: 'Two scoops rice, one scoop mac salad, and the main event.',
    style: 'plate',
    items: [
      {
        name: 'Kalua Pork Plate',
        description: 'Smoky shredded pork slow-roasted in banana leaves, with cabbage, two scoops rice and mac salad.',
        price: 1495,
        featured: true,
        glutenFree: true,
        dairyFree: true,
        groups: [
          {
            name: 'Choose 2 Sides',
            min: 2,
            max: 2,
            free: 2,
            options: [
              { name: 'White Rice', price: 0, preselected: true },
              { name: 'Mac Salad', price: 0, preselected: true },
              { name: 'Lomi Salmon', price: 150 },
              { name: 'Green Salad', price: 0 },
            ],
          },
        ],
      },
      {
        name: 'Loco Moco',
        description: 'Hand-formed beef patty over rice, two eggs your way and rich brown gravy.',
        price: 1395,
        featured: true,
        groups: [
          {
            name: 'Eggs',
            min: 1,
            max: 1,
            options: [
              { name: 'Over Easy', price: 0, preselected: true },
              { name: 'Sunny Side Up', price: 0 },
              { name: 'Scrambled', price: 0 },
            ],
          },
          { name: 'Extras', min: 0, max: 2, options: [{ name: 'Extra Patty', price: 350 }, { name: 'Extra Egg', price: 150 }] },
        ],
      },
      {
        name: 'Hawaiian Mixed Plate',
        description: 'Pick your protein, add sauces and extras — the plate lunch your way.',
        price: 1595,
        groups: [
          {
            name: 'Choose Your Protein',
            min: 1,
            max: 1,
            options: [
              { name: 'Kalua Pork', price: 0 },
              { name: 'Teriyaki Chicken', price: 0 },
              { name: 'Mochiko Chicken', price: 0 },
              { name: 'Garlic Shrimp', price: 300 },
            ],
          },
          sauces,
          {
            name: 'Add-ons',
            min: 0,
            max: 3,
            tracked: true,
            options: [
              { name: 'Fried Egg', price: 150, stock: 40 },
              { name: 'Extra Spam', price: 200, stock: 0 },
              { name: 'Scoop Mac Salad', price: null, stock: 25 },
              { name: 'Extra Rice', price: 100, stock: 60, damaged: 2 },
            ],
          },
        ],
      },
      {
        name: 'Chicken Katsu Plate',
        description: 'Panko-crusted chicken thigh fried golden, sliced and served with katsu sauce.',
        price: 1395,
        dairyFree: true,
      },
      {
        name: 'Garlic Shrimp Plate',
        description: 'North Shore style shrimp sautéed in butter and a whole lot of garlic.',
        price: 1795,
        glutenFree: true,
      },
      {
        name: 'Huli Huli Chicken Plate',
        description: 'Pineapple-ginger glazed chicken, turned and grilled over kiawe-style charcoal.',
        price: 1450,
        dairyFree: true,
      },
      {
        name: 'Mochiko Chicken Plate',
        description: 'Crispy sweet-rice-flour chicken bites with green onion and sesame.',
        price: 1350,
        dairyFree: true,
        nutFree: true,
      },
      {
        name: 'Teriyaki Beef Plate',
        description: 'Thin-sliced ribeye marinated in shoyu, ginger and brown sugar, grilled to order.',
        price: 1595,
        dairyFree: true,
      },
      {
        name: 'Fresh Catch Plate',
        description: "Today's local catch, seared with lemon butter. When the boats come back empty, so do we.",
        price: 1895,
        glutenFree: true,
        statusNote: 'Depends on the morning catch',
        groups: [
          {
            name: "Today's Catch",
            min: 1,
            max: 1,
            tracked: true,
            options: [
              { name: 'Mahi Mahi', price: 0, stock: 0 },
              { name: 'Ono', price: 0, stock: 0 },
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'Chamorro Favorites',
    description: 'Island classics, with red rice and plenty of fina’denne’.',
    style: 'chamorro',
    items: [
      {
        name: 'Chicken Kelaguen',
        description: 'Grilled chicken chopped with lemon, green onion, hot peppers and fresh-grated coconut.',
        price: 1295,
        featured: true,
        glutenFree: true,
        dairyFree: true,
        nutFree: true,
        spicy: true,
      },
      {
        name: 'Beef Kelaguen',
        description: 'Thin-sliced beef cured in lemon with onion, hot pepper and a pinch of salt.',
        price: 1395,
        glutenFree: true,
        dairyFree: true,
        spicy: true,
      },
      {
        name: 'Shrimp Kelaguen',
        description: 'Citrus-cured shrimp with coconut and donne’ sali — a Lenten favourite.',
        price: 1495,
        seasonal: true,
        promoLabel: 'Lenten Special',
        availableUntil: '2027-04-04',
        glutenFree: true,
        dairyFree: true,
        spicy: true,
      },
      {
        name: 'Chicken Kadon',
        description: 'Chicken simmered in coconut milk with onions, garlic and a little heat (kådon pika).',
        price: 1350,
        glutenFree: true,
        dairyFree: true,
        spicy: true,
      },
      {
        name: 'Chamorro BBQ Plate',
        description: 'Soy-vinegar marinated meats off the grill, red rice, cucumber kimchi and fina’denne’.',
        price: 1695,
        groups: [
          {
            name: 'Protein',
            min: 1,
            max: 1,
            options: [
              { name: 'BBQ Chicken', price: 0, preselected: true },
              { name: 'Pork Spare Ribs', price: 200 },
              { name: 'Beef Short Ribs', price: 400 },
            ],
          },
          {
            name: 'Sides',
            min: 1,
            max: 2,
            free: 2,
            options: [
              { name: 'Red Rice', price: 0, preselected: true },
              { name: 'Cucumber Kimchi', price: 0 },
              { name: 'Titiyas', price: null },
              { name: 'Potato Salad', price: 100 },
            ],
          },
        ],
      },
      {
        name: 'Tinaktak',
        description: 'Minced beef cooked in coconut milk with green beans and lemon.',
        price: 1395,
        available: false,
        statusNote: 'Back next week',
        glutenFree: true,
        dairyFree: true,
      },
      {
        name: 'Pork Estufao',
        description: 'Pork braised in vinegar, shoyu, garlic and black pepper until it falls apart.',
        price: 1395,
        dairyFree: true,
      },
      {
        name: 'Chicken Empanada',
        description: 'Crisp rice-flour shells filled with savory chicken and toasted rice, Chamorro style.',
        price: 895,
        dairyFree: true,
      },
      {
        name: 'Sunday Fiesta Plate',
        description: 'BBQ ribs, chicken kelaguen, red rice, lumpia and titiyas — the village fiesta on a plate.',
        price: 2195,
        availableDays: [0, 6],
        statusNote: 'Weekends only',
      },
    ],
  },
  {
    name: 'Poke & Raw Bar',
    description: 'Cut fresh every morning. Ask about today’s fish.',
    style: 'bowl',
    items: [
      {
        name: 'Shoyu Ahi Poke Bowl',
        description: 'Ahi tuna in shoyu, sesame oil, sweet onion and inamona over your choice of base.',
        price: 1695,
        featured: true,
        dairyFree: true,
        groups: [
          {
            name: 'Base',
            min: 1,
            max: 1,
            options: [
              { name: 'White Rice', price: 0, preselected: true },
              { name: 'Brown Rice', price: 0 },
              { name: 'Red Rice', price: 100 },
              { name: 'Mixed Greens', price: 0 },
            ],
          },
          {
            name: 'Toppings',
            min: 0,
            max: 4,
            free: 2,
            options: [
              { name: 'Avocado', price: 150 },
              { name: 'Masago', price: null },
              { name: 'Seaweed Salad', price: null },
              { name: 'Furikake', price: 50 },
              { name: 'Pickled Ginger', price: 0 },
            ],
          },
        ],
      },
      {
        name: 'Spicy Ahi Poke Bowl',
        description: 'Ahi in a creamy sriracha mayo with masago and green onion.',
        price: 1695,
        spicy: true,
      },
      {
        name: 'Limu Poke',
        description: 'Ahi, ogo seaweed, Hawaiian salt and chili flake. Simple and old-school.',
        price: 1595,
        glutenFree: true,
        dairyFree: true,
      },
      {
        name: 'Tako Poke',
        description: 'Tender octopus with onion, chili and sesame. Limited daily batch.',
        price: 1795,
        dairyFree: true,
        statusNote: 'Sold out for today',
        stock: [0, 0],
      },
      {
        name: 'Salmon Poke Bowl',
        description: 'Salmon, cucumber, edamame and a yuzu-shoyu dressing over rice.',
        price: 1595,
        dairyFree: true,
      },
      {
        name: 'Tofu Poke Bowl',
        description: 'Firm tofu, seaweed salad, cucumber and sesame-shoyu over brown rice.',
        price: 1350,
        vegetarian: true,
        vegan: true,
        dairyFree: true,
      },
    ],
  },
  {
    name: 'Pupus & Sides',
    description: 'Small bites to share — or not.',
    style: 'pupu',
    items: [
      {
        name: 'Spam Musubi',
        description: 'Grilled teriyaki Spam on rice, wrapped in nori. Made fresh in small batches.',
        price: 450,
        featured: true,
        dairyFree: true,
        stock: [10, 0],
      },
      { name: 'Pork Lumpia', description: 'Crispy rolls of seasoned pork and vegetables, with sweet chili sauce. Six pieces.', price: 795, dairyFree: true },
      {
        name: 'Veggie Lumpia',
        description: 'Cabbage, carrot and bean-thread noodles rolled thin and fried crisp. Six pieces.',
        price: 750,
        vegetarian: true,
        vegan: true,
        dairyFree: true,
      },
      {
        name: 'Titiyas',
        description: 'Warm coconut flatbread from the griddle, soft and lightly sweet. Two pieces.',
        price: 450,
        vegetarian: true,
        nutFree: true,
        stock: [15, 0],
      },
      { name: 'Red Rice', description: 'Achote-seasoned rice with onion and garlic, the heart of every fiesta table.', price: 400, vegetarian: true, vegan: true, glutenFree: true, dairyFree: true, nutFree: true },
      { name: 'Macaroni Salad', description: 'Creamy Hawaiian-style mac salad with a touch of grated carrot.', price: 350, vegetarian: true, nutFree: true },
      { name: 'Garlic Fried Rice', description: 'Day-old rice fried with crisp garlic and green onion.', price: 450, vegetarian: true, dairyFree: true },
      { name: 'Cucumber Kimchi', description: 'Quick-pickled cucumber with chili, garlic and sesame.', price: 350, vegetarian: true, vegan: true, glutenFree: true, dairyFree: true, spicy: true },
    ],
  },
  {
    name: 'Desserts',
    description: 'Save room. Seriously.',
    style: 'dessert',
    items: [
      {
        name: 'Shave Ice',
        description: 'Snow-fine ice with island syrups. Pick up to three flavours — the first two are on us.',
        price: 595,
        featured: true,
        vegetarian: true,
        groups: [
          {
            name: 'Flavours',
            min: 1,
            max: 3,
            free: 2,
            options: [
              { name: 'Li Hing Mui', price: null },
              { name: 'Lilikoi', price: null },
              { name: 'Strawberry', price: null },
              { name: 'Blue Hawaii', price: null },
              { name: 'Coconut', price: null },
              { name: 'Ube', price: 100 },
            ],
          },
          {
            name: 'Toppings',
            min: 0,
            max: 2,
            tracked: true,
            options: [
              { name: 'Snow Cap (condensed milk)', price: 75, stock: 50 },
              { name: 'Mochi Balls', price: 100, stock: 8, damaged: 3 },
              { name: 'Azuki Beans', price: 100, stock: 20 },
            ],
          },
        ],
      },
      { name: 'Haupia', description: 'Silky coconut-milk pudding, chilled and cut in squares.', price: 395, vegetarian: true, vegan: true, glutenFree: true, dairyFree: true, nutFree: true },
      { name: 'Latiya', description: 'Chamorro custard cake on sponge, dusted with cinnamon.', price: 550, featured: true, vegetarian: true },
      { name: 'Butter Mochi', description: 'Chewy, golden coconut butter mochi. Baked each morning; when it is gone, it is gone.', price: 395, vegetarian: true, glutenFree: true, stock: [5, 2] },
      { name: 'Malasadas', description: 'Portuguese doughnuts rolled in sugar, three to an order.', price: 650, vegetarian: true, stock: [24, 0] },
      {
        name: 'Buñelos Aga',
        description: 'Ripe-banana fritters, crisp outside and soft inside, with a drizzle of syrup.',
        price: 595,
        seasonal: true,
        promoLabel: 'Fiesta Season',
        availableUntil: '2027-01-31',
        vegetarian: true,
      },
      {
        name: 'Apigigi',
        description: 'Young coconut and tapioca wrapped in banana leaf and grilled.',
        price: 495,
        seasonal: true,
        promoLabel: 'Holiday Special',
        availableUntil: '2027-01-06',
        vegetarian: true,
        vegan: true,
        glutenFree: true,
        dairyFree: true,
      },
    ],
  },
  {
    name: 'Drinks',
    description: 'Cold, sweet and local.',
    style: 'drink',
    items: [
      { name: 'POG Juice', description: 'Passion fruit, orange and guava — the taste of island mornings.', price: 395, vegetarian: true, vegan: true, glutenFree: true, dairyFree: true, nutFree: true },
      { name: 'Calamansi Cooler', description: 'Fresh-squeezed calamansi with cane sugar over ice.', price: 425, vegetarian: true, vegan: true, glutenFree: true, dairyFree: true, nutFree: true },
      { name: 'Li Hing Pineapple Lemonade', description: 'House lemonade with pineapple and a li hing mui rim.', price: 450, vegetarian: true, vegan: true, glutenFree: true, dairyFree: true },
      {
        name: 'Kona Coffee',
        description: '100% Kona, brewed hot or poured over ice.',
        price: 495,
        vegetarian: true,
        vegan: true,
        glutenFree: true,
        dairyFree: true,
        groups: [
          {
            name: 'Milk',
            min: 0,
            max: 1,
            options: [
              { name: 'Coconut Milk', price: null },
              { name: 'Oat Milk', price: 75 },
              { name: 'Whole Milk', price: 0 },
            ],
          },
        ],
      },
      { name: 'Fresh Coconut Water', description: 'Served in the young coconut. Straw included, machete not.', price: 550, vegetarian: true, vegan: true, glutenFree: true, dairyFree: true },
      { name: 'Iced Māmaki Tea', description: 'Hawaiian nettle-leaf tea, lightly sweetened.', price: 375, vegetarian: true, vegan: true, glutenFree: true, dairyFree: true, nutFree: true },
    ],
  },
  {
    name: 'Party Trays',
    description: 'For fiestas, birthdays and office lunches. Order at least 24 hours ahead.',
    style: 'tray',
    items: [
      {
        name: 'Kelaguen Party Tray',
        description: 'Chicken kelaguen for 15-20 with titiyas on the side.',
        price: 8500,
        advanceNoticeHours: 24,
        glutenFree: true,
        spicy: true,
      },
      { name: 'Red Rice Party Pan', description: 'A full pan of red rice, feeds 20-25.', price: 4500, advanceNoticeHours: 24, vegetarian: true, vegan: true, glutenFree: true, dairyFree: true },
      {
        name: 'Lumpia Party Tray',
        description: 'Golden pork or veggie lumpia with sweet chili sauce.',
        price: 6000,
        advanceNoticeHours: 24,
        groups: [
          {
            name: 'Tray Size',
            min: 1,
            max: 1,
            options: [
              { name: '50 pieces', price: 0, preselected: true },
              { name: '100 pieces', price: 5500 },
            ],
          },
          {
            name: 'Filling',
            min: 1,
            max: 1,
            options: [
              { name: 'Pork', price: 0, preselected: true },
              { name: 'Veggie', price: 0 },
            ],
          },
        ],
      },
      { name: 'Spam Musubi Party Tray', description: 'Two dozen Spam musubi, individually wrapped.', price: 9500, advanceNoticeHours: 24 },
      {
        name: 'Whole Kalua Pig',
        description: 'A whole pig slow-roasted in banana leaves, shredded and ready for 40-50 guests.',
        price: 45000,
        advanceNoticeHours: 48,
        glutenFree: true,
        dairyFree: true,
        statusNote: 'Needs 48 hours notice',
      },
      { name: 'Chamorro BBQ Fiesta Tray', description: 'BBQ chicken and short ribs for 15-20, with cucumber kimchi.', price: 15000, advanceNoticeHours: 24 },
    ],
  },
];

export const restaurantTwoMenu: SeedCategory[] = [
  {
    name: 'Plates',
    description: 'Barrigada’s plate lunches.',
    style: 'plate',
    items: [
      { name: 'Kalua Pork Plate', description: 'Smoky shredded pork with cabbage, rice and mac salad.', price: 1450, featured: true, glutenFree: true },
      { name: 'Loco Moco', description: 'Beef patty, two eggs, brown gravy, rice.', price: 1350 },
      { name: 'Chicken Katsu Plate', description: 'Crispy panko chicken with katsu sauce.', price: 1350 },
      {
        name: 'Garlic Shrimp Plate',
        description: 'Buttery garlic shrimp, two scoops rice.',
        price: 1750,
        groups: [{ name: 'Sauces', min: 0, max: 2, free: 1, options: [{ name: "Fina'denne'", price: null }, { name: 'Chili Pepper Water', price: 50 }] }],
      },
    ],
  },
  {
    name: 'Chamorro Classics',
    description: 'From the village kitchen.',
    style: 'chamorro',
    items: [
      { name: 'Chicken Kelaguen', description: 'Grilled chicken with lemon, coconut and hot pepper.', price: 1250, featured: true, glutenFree: true, spicy: true },
      { name: 'Chamorro BBQ Plate', description: 'BBQ chicken and ribs, red rice, cucumber kimchi.', price: 1650 },
      { name: 'Chicken Kadon', description: 'Chicken in coconut milk with onion and chili.', price: 1300, glutenFree: true, spicy: true },
    ],
  },
  {
    name: 'Sides & Sweets',
    description: 'Round out the meal.',
    style: 'pupu',
    items: [
      { name: 'Spam Musubi', description: 'Teriyaki Spam, rice and nori.', price: 425, stock: [30, 0] },
      { name: 'Red Rice', description: 'Achote red rice.', price: 400, vegan: true, vegetarian: true, glutenFree: true },
      { name: 'Titiyas', description: 'Coconut flatbread from the griddle.', price: 450, vegetarian: true },
      { name: 'Latiya', description: 'Custard cake with cinnamon.', price: 525, vegetarian: true },
    ],
  },
  {
    name: 'Drinks',
    description: 'Cold ones.',
    style: 'drink',
    items: [
      { name: 'POG Juice', description: 'Passion, orange, guava.', price: 375, vegan: true, vegetarian: true },
      { name: 'Calamansi Cooler', description: 'Calamansi and cane sugar.', price: 400, vegan: true, vegetarian: true },
    ],
  },
];

/** URL-safe file name of an item's image. */
export function menuItemSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function menuItemImageUrl(name: string): string {
  return `/images/menu/${menuItemSlug(name)}.svg`;
}

async function seedRestaurantMenu(tx: DbOrTx, restaurantId: number, menuName: string, categories: SeedCategory[]): Promise<void> {
  const [menu] = await tx.insert(menus).values({ restaurantId, name: menuName }).returning({ id: menus.id });
  if (!menu) throw new Error('menu insert returned nothing');

  for (const [categoryIndex, category] of categories.entries()) {
    const [categoryRow] = await tx
      .insert(menuCategories)
      .values({ restaurantId, menuId: menu.id, name: category.name, description: category.description, position: categoryIndex })
      .returning({ id: menuCategories.id });
    if (!categoryRow) throw new Error('category insert returned nothing');

    for (const [itemIndex, item] of category.items.entries()) {
      const [itemRow] = await tx
        .insert(menuItems)
        .values({
          restaurantId,
          menuId: menu.id,
          categoryId: categoryRow.id,
          name: item.name,
          description: item.description,
          priceCents: item.price,
          imageUrl: menuItemImageUrl(item.name),
          featured: item.featured ?? false,
          seasonal: item.seasonal ?? false,
          promoLabel: item.promoLabel ?? null,
          availableUntil: item.availableUntil ?? null,
          statusNote: item.statusNote ?? null,
          advanceNoticeHours: item.advanceNoticeHours ?? 0,
          availableDays: item.availableDays ?? [0, 1, 2, 3, 4, 5, 6],
          vegetarian: item.vegetarian ?? false,
          vegan: item.vegan ?? false,
          glutenFree: item.glutenFree ?? false,
          dairyFree: item.dairyFree ?? false,
          nutFree: item.nutFree ?? false,
          spicy: item.spicy ?? false,
          available: item.available ?? true,
          enableStockTracking: item.stock !== undefined,
          stockQuantity: item.stock?.[0] ?? 0,
          damagedQuantity: item.stock?.[1] ?? 0,
          position: itemIndex,
        })
        .returning({ id: menuItems.id });
      if (!itemRow) throw new Error('item insert returned nothing');

      for (const [groupIndex, group] of (item.groups ?? []).entries()) {
        const [groupRow] = await tx
          .insert(optionGroups)
          .values({
            menuItemId: itemRow.id,
            name: group.name,
            minSelect: group.min,
            maxSelect: group.max,
            freeOptionCount: group.free ?? 0,
            enableInventoryTracking: group.tracked ?? false,
            position: groupIndex,
          })
          .returning({ id: optionGroups.id });
        if (!groupRow) throw new Error('option group insert returned nothing');
        await tx.insert(options).values(
          group.options.map((option, optionIndex) => ({
            optionGroupId: groupRow.id,
            name: option.name,
            additionalPriceCents: option.price,
            isPreselected: option.preselected ?? false,
            available: option.available ?? true,
            stockQuantity: option.stock ?? 0,
            damagedQuantity: option.damaged ?? 0,
            position: optionIndex,
          })),
        );
      }
    }
  }
}

/** Both restaurants' menus, restaurant 1 first (its items get ids 1…N on a fresh database). */
export async function seedMenus(tx: DbOrTx): Promise<void> {
  await seedRestaurantMenu(tx, 1, 'Kusina Menu', restaurantOneMenu);
  await seedRestaurantMenu(tx, 2, 'Kusina Barrigada Menu', restaurantTwoMenu);
}
