import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { addDays, zonedInstant, zonedParts } from '@kusina/domain/restaurant-schedule';
import { generateVariants, type ItemInput } from '@kusina/domain/wholesale';
import type { DbOrTx } from '../client.ts';
import {
  payments,
  users,
  wholesaleFundraiserOrganisers,
  wholesaleFundraisers,
  wholesaleItems,
  wholesaleItemVariants,
  wholesaleOptionGroups,
  wholesaleOptions,
  wholesaleOrderItems,
  wholesaleOrders,
  wholesaleOrderStatusEvents,
  wholesaleParticipantCredits,
  wholesaleParticipants,
} from '../schema/index.ts';

const img = (name: string) => `/images/wholesale/${name}.svg`;

type SeedItem = Pick<ItemInput, 'name' | 'description' | 'sku' | 'price_cents' | 'inventory_mode' | 'stock_quantity' | 'low_stock_threshold'> & {
  image: string;
  groups?: { name: string; min: number; max: number; tracked?: boolean; options: { name: string; price?: number; stock?: number; available?: boolean }[] }[];
  variantStock?: Record<string, number>;
};

interface SeedFundraiser {
  name: string;
  slug: string;
  description: string;
  status: 'current' | 'ended';
  /** The team's goal (team progress). */
  goalCents: number;
  /** Days from the day the demo is seeded (Guam): the current ones run on past it (an end date closes sales, decision 0110). */
  startDate: number;
  endDate: number;
  image: string;
  pickup: { name: string; address: string; instructions: string; hours: string; contact: string; phone: string };
  participants: { name: string; description: string; photo: string; goalCents: number | null; message?: string }[];
  items: SeedItem[];
  /** Demo orders: [participant index or null, item index, quantity]. */
  orders: [number | null, number, number][];
}

const fundraisers: SeedFundraiser[] = [
  {
    name: 'Tamuning Tigers Little League',
    slug: 'tamuning-tigers',
    description: 'Help the Tigers travel to the Micronesian Little League championship in Saipan. Every order supports uniforms, gear and airfare for 14 players.',
    status: 'current',
    goalCents: 500000,
    startDate: -28,
    endDate: 63,
    image: 'tigers',
    pickup: {
      name: 'Kusina Tamuning',
      address: '1000 Marine Corps Dr, Tamuning, GU 96913',
      instructions: 'Come to the side counter and give your order number.',
      hours: 'Saturdays 9 AM - 1 PM',
      contact: 'Coach Ray Santos',
      phone: '+16715550142',
    },
    participants: [
      { name: 'Josh Santos', description: 'Pitcher, age 12. Saving up for the Saipan trip!', photo: 'p-josh', goalCents: 50000, message: 'Hafa adai! Every box of cookies gets our team closer to the Saipan tournament. Si Yu\'os Ma\'åse for supporting me!' },
      { name: 'Mia Cruz', description: 'Shortstop and team captain.', photo: 'p-mia', goalCents: 40000, message: 'Help the Tigers travel this season: order for pickup and tell your friends!' },
      { name: 'Kai Taitano', description: 'Catcher. Loves finadene on everything.', photo: 'p-kai', goalCents: null },
    ],
    items: [
      { name: 'Coconut Cookies (dozen)', description: 'Crisp coconut cookies baked by the team parents.', sku: 'TT-COOK', price_cents: 1200, inventory_mode: 'none', stock_quantity: 0, image: 'i-cookies' },
      {
        name: 'Tigers Team Tee',
        description: 'Soft cotton tee with the Tigers logo. Sizes and colours are limited.',
        sku: 'TT-TEE',
        price_cents: 2500,
        inventory_mode: 'variant',
        stock_quantity: 0,
        low_stock_threshold: 3,
        image: 'i-tee',
        groups: [
          { name: 'Size', min: 1, max: 1, options: [{ name: 'S' }, { name: 'M' }, { name: 'L' }, { name: 'XL', price: 300 }] },
          { name: 'Color', min: 1, max: 1, options: [{ name: 'Orange' }, { name: 'Black' }] },
        ],
        variantStock: { 'S / Orange': 8, 'M / Orange': 12, 'L / Orange': 3, 'XL / Orange': 0, 'S / Black': 5, 'M / Black': 2, 'L / Black': 10, 'XL / Black': 4 },
      },
      { name: 'Finadene Hot Sauce', description: "Grandma Santos' recipe: soy, lemon, onion and donne'.", sku: 'TT-SAUCE', price_cents: 900, inventory_mode: 'item', stock_quantity: 24, low_stock_threshold: 5, image: 'i-hot-sauce' },
      {
        name: 'Fiesta Plate Voucher',
        description: 'Redeemable for a fiesta plate at pickup. Choose your main.',
        sku: 'TT-PLATE',
        price_cents: 1500,
        inventory_mode: 'option',
        stock_quantity: 0,
        image: 'i-plate',
        groups: [
          { name: 'Main', min: 1, max: 1, tracked: true, options: [{ name: 'Chicken Kelaguen', stock: 30 }, { name: 'Short Ribs', price: 300, stock: 4 }, { name: 'Red Rice Only', price: 0, stock: 0 }] },
          { name: 'Extras', min: 0, max: 2, options: [{ name: 'Extra Finadene', price: 50 }, { name: 'Titiyas', price: 150 }] },
        ],
      },
    ],
    orders: [
      [0, 0, 3],
      [0, 2, 2],
      [1, 0, 5],
      [null, 2, 1],
    ],
  },
  {
    name: 'St. Anthony Youth Choir',
    slug: 'st-anthony-choir',
    description: 'Our youth choir is singing at the Festival of Voices in Honolulu. Support their trip with treats and keepsakes.',
    status: 'current',
    goalCents: 250000,
    startDate: -14,
    endDate: 21,
    image: 'choir',
    pickup: {
      name: 'St. Anthony Parish Hall',
      address: '529 Chalan San Antonio, Tamuning, GU 96913',
      instructions: 'Pickup after the 10 AM Mass at the parish hall table.',
      hours: 'Sundays 11 AM - 1 PM',
      contact: 'Tina Aguon',
      phone: '+16715550177',
    },
    participants: [
      { name: 'Leilani Reyes', description: 'Soprano section leader.', photo: 'p-leilani', goalCents: 30000, message: 'Our choir is singing in Manila this spring. Thank you for every candle and tote!' },
      { name: 'Rosa Aflague', description: 'Alto, first year in the choir.', photo: 'p-rosa', goalCents: 25000 },
      { name: 'Tomas Blas', description: 'Tenor and piano accompanist.', photo: 'p-tomas', goalCents: 25000 },
    ],
    items: [
      {
        name: 'Choir Tote Bag',
        description: 'Canvas tote printed with the choir crest.',
        sku: 'SAC-TOTE',
        price_cents: 1800,
        inventory_mode: 'variant',
        stock_quantity: 0,
        image: 'i-tote',
        groups: [{ name: 'Color', min: 1, max: 1, options: [{ name: 'Natural' }, { name: 'Navy' }] }],
        variantStock: { Natural: 15, Navy: 1 },
      },
      { name: 'Advent Candle Set', description: 'Four hand-poured candles for the season.', sku: 'SAC-CANDLE', price_cents: 2200, inventory_mode: 'item', stock_quantity: 2, low_stock_threshold: 3, image: 'i-candles' },
      {
        name: 'Titiyas Chips',
        description: 'Crunchy titiyas chips in two flavours.',
        sku: 'SAC-CHIPS',
        price_cents: 600,
        inventory_mode: 'none',
        stock_quantity: 0,
        image: 'i-chips',
        groups: [{ name: 'Flavor', min: 1, max: 1, options: [{ name: 'Coconut' }, { name: 'Cinnamon Sugar', price: 100 }] }],
      },
    ],
    orders: [
      [0, 1, 1],
      [1, 0, 2],
    ],
  },
  {
    name: 'Hagåtña Canoe Club Regatta',
    slug: 'hagatna-canoe-club',
    description: "Last summer's regatta fundraiser. Thank you for paddling with us!",
    status: 'ended',
    goalCents: 150000,
    startDate: -210,
    endDate: -120,
    image: 'canoe',
    pickup: { name: 'Paseo Boat Ramp', address: 'Paseo de Susana, Hagåtña, GU 96910', instructions: 'At the club tent.', hours: 'Saturdays 7-10 AM', contact: 'Joe Quinata', phone: '+16715550199' },
    participants: [{ name: 'Paddlers Team A', description: 'Six-person outrigger crew.', photo: 'p-kai', goalCents: 100000 }],
    items: [{ name: 'Regatta Cookies', description: 'Sold out: see you next year.', sku: 'HCC-COOK', price_cents: 1000, inventory_mode: 'item', stock_quantity: 0, image: 'i-cookies' }],
    orders: [[0, 0, 4]],
  },
];

/**
 * Demo fundraisers of restaurant 1: two current ones (participants with goals, items in every
 * inventory mode: none, item, option, variant) and one ended, with a few paid orders so goal
 * progress and the dashboards have something to show. Orders are written as checkout writes them
 * (a captured test payment, a confirmed order, its ledger credit).
 */
/** The demo fundraisers' team share: 40% of every sale goes to the team. */
const TEAM_SHARE_PERCENT = 40;

async function seedOrganiser(tx: DbOrTx, fundraiserId: number): Promise<void> {
  const [coach] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'coach@kusina.test'));
  if (coach) await tx.insert(wholesaleFundraiserOrganisers).values({ fundraiserId, userId: coach.id });
}

export async function seedWholesale(tx: DbOrTx): Promise<void> {
  const [customer] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'customer@kusina.test'));
  let orderIndex = 0;
  const today = zonedParts(Date.now()).date;
  for (const spec of fundraisers) {
    const [f] = await tx
      .insert(wholesaleFundraisers)
      .values({
        restaurantId: 1,
        name: spec.name,
        slug: spec.slug,
        description: spec.description,
        status: spec.status,
        startDate: addDays(today, spec.startDate),
        endDate: addDays(today, spec.endDate),
        goalCents: spec.goalCents,
        // The team's share of each sale (decision 0125).
        teamSharePercent: TEAM_SHARE_PERCENT,
        // Pickup opens at 9 AM (Guam) the day after sales end: the orders' Estimated Pickup.
        pickupStartsAt: new Date(zonedInstant(addDays(today, spec.endDate + 1), 9 * 60)),
        cardImageUrl: img(`${spec.image}-card`),
        bannerUrl: img(`${spec.image}-banner`),
        pickupDisplayName: spec.pickup.name,
        pickupDisplayAddress: spec.pickup.address,
        pickupInstructions: spec.pickup.instructions,
        pickupHours: spec.pickup.hours,
        pickupContactName: spec.pickup.contact,
        pickupContactPhone: spec.pickup.phone,
      })
      .returning();
    // The demo organiser (decision 0124) runs the first fundraiser.
    if (spec.slug === 'tamuning-tigers') await seedOrganiser(tx, f!.id);
    const participants = await tx
      .insert(wholesaleParticipants)
      .values(spec.participants.map((p, position) => ({ fundraiserId: f!.id, name: p.name, description: p.description, photoUrl: img(p.photo), message: p.message ?? null, goalCents: p.goalCents, position })))
      .returning();
    const items: { id: number; name: string; description: string; sku: string | null; priceCents: number }[] = [];
    for (const [position, item] of spec.items.entries()) {
      const [row] = await tx
        .insert(wholesaleItems)
        .values({
          fundraiserId: f!.id,
          name: item.name,
          description: item.description,
          sku: item.sku ?? null,
          priceCents: item.price_cents,
          images: [{ image_url: img(item.image), alt_text: item.name }],
          inventoryMode: item.inventory_mode,
          stockQuantity: item.stock_quantity,
          lowStockThreshold: item.low_stock_threshold ?? null,
          position,
        })
        .returning();
      const groups: { options: { id: number; name: string }[] }[] = [];
      for (const [gPos, g] of (item.groups ?? []).entries()) {
        const [group] = await tx
          .insert(wholesaleOptionGroups)
          .values({ itemId: row!.id, name: g.name, minSelect: g.min, maxSelect: g.max, enableInventoryTracking: g.tracked ?? false, position: gPos })
          .returning();
        const options = await tx
          .insert(wholesaleOptions)
          .values(g.options.map((o, p) => ({ optionGroupId: group!.id, name: o.name, additionalPriceCents: o.price ?? 0, stockQuantity: o.stock ?? 0, available: o.available ?? true, position: p })))
          .returning({ id: wholesaleOptions.id, name: wholesaleOptions.name });
        groups.push({ options });
      }
      if (item.inventory_mode === 'variant') {
        await tx
          .insert(wholesaleItemVariants)
          .values(generateVariants(groups).map((v) => ({ itemId: row!.id, variantKey: v.variantKey, variantName: v.variantName, stockQuantity: item.variantStock?.[v.variantName] ?? 0 })));
      }
      items.push({ id: row!.id, name: row!.name, description: row!.description, sku: row!.sku, priceCents: row!.priceCents });
    }
    for (const [participantIndex, itemIndex, quantity] of spec.orders) {
      const item = items[itemIndex]!;
      const participant = participantIndex === null ? null : participants[participantIndex]!;
      const total = item.priceCents * quantity;
      const mine = orderIndex++ % 2 === 0 && customer;
      const [order] = await tx
        .insert(wholesaleOrders)
        .values({
          restaurantId: 1,
          fundraiserId: f!.id,
          participantId: participant?.id ?? null,
          userId: mine ? customer.id : null,
          status: spec.status === 'ended' ? 'completed' : 'confirmed',
          paymentStatus: 'paid',
          totalCents: total,
          customerName: mine ? 'Demo Customer' : 'Auntie Carmen Perez',
          customerEmail: mine ? 'customer@kusina.test' : 'carmen.perez@example.com',
          customerPhone: '+16715550123',
          shippingAddress: `Pickup: ${spec.pickup.name}, ${spec.pickup.address}`,
          accessToken: randomBytes(24).toString('base64url'),
          idempotencyKey: `seed-${spec.slug}-${orderIndex}`,
          // The supporters wall (decision 0119): the demo customer anonymous, Auntie Carmen by name.
          supporterDisplay: mine ? 'anonymous' : 'name',
          createdAt: new Date(`${f!.startDate}T02:00:00Z`),
          estimatedPickupTime: f!.pickupStartsAt,
        })
        .returning();
      await tx.insert(wholesaleOrderItems).values({
        orderId: order!.id,
        itemId: item.id,
        name: item.name,
        description: item.description,
        sku: item.sku,
        unitPriceCents: item.priceCents,
        quantity,
        lineTotalCents: total,
      });
      await tx.insert(wholesaleOrderStatusEvents).values({ orderId: order!.id, fromStatus: null, toStatus: order!.status });
      await tx.insert(wholesaleParticipantCredits).values({ fundraiserId: f!.id, participantId: participant?.id ?? null, orderId: order!.id, kind: 'sale', amountCents: total });
      await tx.insert(payments).values({
        restaurantId: 1,
        processor: 'test',
        amountCents: total,
        status: 'captured',
        transactionId: `test_txn_seed_${randomBytes(8).toString('hex')}`,
        wholesaleOrderId: order!.id,
        cardBrand: 'visa',
        cardLast4: '4242',
        quoteHash: 'wholesale:seed',
        authorizedAt: order!.createdAt,
        capturedAt: order!.createdAt,
      });
    }
    // A donation without items to the first participant (decision 0120), so the board shows one.
    if (spec.status === 'current' && participants[0]) {
      const donation = 2500;
      const [order] = await tx
        .insert(wholesaleOrders)
        .values({
          restaurantId: 1,
          fundraiserId: f!.id,
          participantId: participants[0].id,
          status: 'confirmed',
          paymentStatus: 'paid',
          totalCents: donation,
          donationCents: donation,
          customerName: 'Tun Jesus Taitano',
          customerEmail: 'jesus.taitano@example.com',
          customerPhone: '+16715550124',
          shippingAddress: `Pickup: ${spec.pickup.name}, ${spec.pickup.address}`,
          accessToken: randomBytes(24).toString('base64url'),
          idempotencyKey: `seed-${spec.slug}-donation`,
          supporterDisplay: 'name',
          createdAt: new Date(`${f!.startDate}T03:00:00Z`),
        })
        .returning();
      await tx.insert(wholesaleOrderStatusEvents).values({ orderId: order!.id, fromStatus: null, toStatus: 'confirmed' });
      await tx.insert(wholesaleParticipantCredits).values({ fundraiserId: f!.id, participantId: participants[0].id, orderId: order!.id, kind: 'donation', amountCents: donation });
      await tx.insert(payments).values({
        restaurantId: 1,
        processor: 'test',
        amountCents: donation,
        status: 'captured',
        transactionId: `test_txn_seed_${randomBytes(8).toString('hex')}`,
        wholesaleOrderId: order!.id,
        cardBrand: 'visa',
        cardLast4: '4242',
        quoteHash: 'wholesale:seed',
        authorizedAt: order!.createdAt,
        capturedAt: order!.createdAt,
      });
    }
  }
}
