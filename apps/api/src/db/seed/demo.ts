import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { restaurants, siteSettings, users } from '../schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { DEMO_PASSWORD, demoAccounts } from './demo-accounts.ts';
import { seedMenus } from './menu.ts';
import { seedPromotions } from './promotions.ts';
import { seedMerchandise } from './merchandise.ts';
import { seedStaff } from './staff.ts';
import { seedReservations } from './reservations.ts';
import { seedFloor } from './floor.ts';
import { seedWholesale } from './wholesale.ts';
import { seedTeam } from './team.ts';
import { seedAnalytics } from './analytics.ts';
import { seedHistory } from './history.ts';

/**
 * Demo data for a first start: the two restaurants (gold and blue) with their settings and one
 * account per role. Later areas (menu, merchandise, fundraisers…) add their own seed steps here.
 * Runs only on an empty database. `history: false` leaves out the year of history (the API tests'
 * template: each test counts what it writes, and seed/history.test.ts writes the history itself).
 */
export async function seedDemo(db: Database, options: { history?: boolean } = {}): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(restaurants).values([
      {
        id: 1,
        name: 'Kusina',
        address: '1000 Marine Corps Dr, Tamuning, GU 96913',
        phoneNumber: '+16716464461',
        contactEmail: 'aloha@kusina.test',
        theme: 'gold',
        facebookUrl: 'https://facebook.com/kusinaguam',
        instagramUrl: 'https://instagram.com/kusinaguam',
        twitterUrl: null,
        customPickupLocation: null,
        adminSettings: {
          custom_pickup_instructions: '',
          payment_gateway: { payment_processor: 'stripe', test_mode: true },
          reservation_settings: { max_party_size: 20 },
          reservations: { enable_reservations_button: true },
        },
      },
      {
        id: 2,
        name: 'Kusina Barrigada',
        address: '150 Route 8, Barrigada, GU 96913',
        phoneNumber: '+16717342020',
        contactEmail: 'barrigada@kusina.test',
        theme: 'blue',
        facebookUrl: 'https://facebook.com/kusinabarrigada',
        instagramUrl: 'https://instagram.com/kusinabarrigada',
        twitterUrl: 'https://twitter.com/kusinabarrigada',
        customPickupLocation: null,
        vipOnlyCheckout: true,
        vipEnabled: true,
        adminSettings: {
          payment_gateway: { payment_processor: 'paypal', test_mode: true },
          reservation_settings: { max_party_size: 12 },
          reservations: { enable_reservations_button: true },
        },
      },
    ]);
    // Explicit ids above: move the sequence past them.
    await tx.execute(sql`SELECT setval(pg_get_serial_sequence('restaurants', 'id'), (SELECT max(id) FROM restaurants))`);
    await tx.insert(siteSettings).values([
      { restaurantId: 1, heroImageUrl: '/images/hero-kusina.svg', spinnerImageUrl: null },
      { restaurantId: 2, heroImageUrl: '/images/hero-kusina.svg', spinnerImageUrl: null },
    ]);

    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await tx.insert(users).values(
      demoAccounts.map((a) => ({ ...a, passwordHash, phoneVerified: true })),
    );

    await seedMenus(tx);
    await seedPromotions(tx);
    await seedMerchandise(tx);
    await seedStaff(tx);
    await seedReservations(tx);
    await seedFloor(tx);
    await seedWholesale(tx);
    await seedTeam(tx, passwordHash);
    await seedAnalytics(tx);
    // A year of orders, refunds, reservations, fundraiser sales and visits (decision 0129), last: it reads the catalog above.
    if (options.history !== false) await seedHistory(tx);
  });
}

export async function isEmpty(db: Database): Promise<boolean> {
  const result = await db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM restaurants`);
  return (result.rows[0]?.count ?? 0) === 0;
}
