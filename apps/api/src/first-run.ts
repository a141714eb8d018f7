import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { emailSchema } from '@kusina/domain/accounts';
import { passwordSchema } from '@kusina/domain/password';
import { PaymentGatewaySettings, type AdminSettings } from '@kusina/domain/restaurants';
import { createDatabase, createPool } from './db/client.ts';
import { prepareDatabase, SCHEMA_LOCK_KEY } from './db/prepare.ts';
import { restaurants, users } from './db/schema/index.ts';
import { transaction } from './db/transaction.ts';
import { hashPassword } from './lib/passwords.ts';
import { revokeAllSessions } from './modules/accounts/service.ts';

/**
 * The operator's first run on a real deployment (decision 0091): a production start on an
 * external database seeds nothing (decision 0086), so this makes the first restaurant and the
 * super admin who configures everything else. Run again, it resets that account's password.
 */
export interface FirstRunInput {
  email: string;
  password: string;
  /** Needed only while the database has no restaurant. */
  restaurantName?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

export interface FirstRunResult {
  migrationsApplied: string[];
  restaurant: { id: number; name: string; created: boolean };
  user: { id: number; email: string; created: boolean };
}

/** Input the command refuses; each problem names the option (or the password) it is about. */
export class FirstRunError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'FirstRunError';
  }
}

/** The first restaurant is 1: DEFAULT_RESTAURANT_ID's default and the storefront's (storefront.md §1). */
const FIRST_RESTAURANT_ID = 1;

/**
 * The first restaurant's settings: the demo restaurant's everyday ones, and the payment gateway
 * as the spec defaults it (paypal, test mode on) until an admin enters the real processor's keys.
 */
function firstRestaurantSettings(): AdminSettings {
  return {
    custom_pickup_instructions: '',
    payment_gateway: PaymentGatewaySettings.parse({}),
    reservation_settings: { max_party_size: 20 },
    reservations: { enable_reservations_button: true },
  };
}

function nameField(label: string, value: string | undefined, fallback: string, problems: string[]): string {
  const trimmed = (value ?? fallback).trim();
  if (trimmed.length === 0) problems.push(`${label}: must not be empty`);
  else if (trimmed.length > 100) problems.push(`${label}: must be at most 100 characters`);
  return trimmed;
}

/** Checks everything that can be checked without the database, so bad input writes nothing. */
function validateFirstRunInput(input: FirstRunInput): { email: string; password: string; restaurantName: string | undefined; firstName: string; lastName: string } {
  const problems: string[] = [];
  const email = emailSchema.safeParse(input.email);
  if (!email.success) problems.push(`--email: ${email.error.issues[0]?.message ?? 'Enter a valid email address'}`);
  // The project's password policy, with its own words (decision 0004).
  const password = passwordSchema.safeParse(input.password);
  if (!password.success) problems.push(`password: ${password.error.issues[0]?.message ?? 'Password is required'}`);
  const restaurantName = input.restaurantName === undefined ? undefined : nameField('--restaurant-name', input.restaurantName, '', problems);
  const firstName = nameField('--first-name', input.firstName, 'Site', problems);
  const lastName = nameField('--last-name', input.lastName, 'Administrator', problems);
  if (problems.length > 0 || !email.success || !password.success) throw new FirstRunError(problems);
  return { email: email.data, password: password.data, restaurantName, firstName, lastName };
}

/**
 * Migrates (prepareDatabase: the nodes' advisory lock, never the demo), then in one transaction
 * creates restaurant 1 when the database has no restaurant and creates the super admin, or, when
 * the e-mail has an account, makes it super admin with the new password and ends its sessions.
 */
export async function runFirstRun(databaseUrl: string, input: FirstRunInput, log: Pick<Logger, 'info'>): Promise<FirstRunResult> {
  const valid = validateFirstRunInput(input);
  const pool = createPool(databaseUrl, 2);
  try {
    const db = createDatabase(pool);
    const { applied } = await prepareDatabase(databaseUrl, db, { seedDemo: false, log });
    // Hashing takes a while; done before the transaction, as resetPassword does.
    const passwordHash = await hashPassword(valid.password);
    const result = await transaction(pool, async ({ tx }) => {
      // The nodes' schema lock, for the transaction: two setups (or a setup and a node's demo
      // seed) never both find the database without a restaurant.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK_KEY.toString()}::bigint)`);
      const [existing] = await tx.select({ id: restaurants.id, name: restaurants.name }).from(restaurants).orderBy(restaurants.id).limit(1);
      let restaurant: FirstRunResult['restaurant'];
      if (existing) {
        restaurant = { ...existing, created: false };
      } else {
        if (valid.restaurantName === undefined) {
          throw new FirstRunError(['--restaurant-name: required on the first run (the database has no restaurant yet)']);
        }
        await tx.insert(restaurants).values({ id: FIRST_RESTAURANT_ID, name: valid.restaurantName, adminSettings: firstRestaurantSettings() });
        // An explicit id: move the sequence past it, as the demo seed does.
        await tx.execute(sql`SELECT setval(pg_get_serial_sequence('restaurants', 'id'), (SELECT max(id) FROM restaurants))`);
        restaurant = { id: FIRST_RESTAURANT_ID, name: valid.restaurantName, created: true };
      }
      const [account] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, valid.email)).limit(1);
      if (account) {
        await tx.update(users).set({ passwordHash, role: 'super_admin' }).where(eq(users.id, account.id));
        // A new password ends every session the old one opened, as a reset does.
        await revokeAllSessions(tx, account.id);
        return { restaurant, user: { id: account.id, email: account.email, created: false } };
      }
      const [created] = await tx
        .insert(users)
        .values({ restaurantId: restaurant.id, email: valid.email, firstName: valid.firstName, lastName: valid.lastName, passwordHash, role: 'super_admin' })
        .returning({ id: users.id });
      if (!created) throw new Error('user insert returned nothing');
      return { restaurant, user: { id: created.id, email: valid.email, created: true } };
    });
    return { migrationsApplied: applied, ...result };
  } finally {
    await pool.end();
  }
}
