import { eq } from 'drizzle-orm';
import { turnTimeFor, turnTimes, type TurnTimeBand } from '@kusina/domain/turn-time-rules';
import type { DbOrTx } from '../../db/client.ts';
import { restaurants } from '../../db/schema/index.ts';

/*
 * Turn times (issue #35): the one reader of a restaurant's expected stay per party size, for
 * availability, the floor and the waitlist's quotes. Stored in admin_settings.turn_times (written
 * through Admin Settings like the restaurant's other settings); unset: DEFAULT_TURN_TIMES.
 */

/** The restaurant's turn-time bands (in the caller's transaction when given one). */
export async function readTurnTimes(db: DbOrTx, restaurantId: number): Promise<readonly TurnTimeBand[]> {
  const [row] = await db.select({ settings: restaurants.adminSettings }).from(restaurants).where(eq(restaurants.id, restaurantId));
  return turnTimes(row?.settings);
}

/** Minutes a party of `partySize` is expected to stay at this restaurant. */
export async function readTurnTimeFor(db: DbOrTx, restaurantId: number, partySize: number): Promise<number> {
  return turnTimeFor(partySize, await readTurnTimes(db, restaurantId));
}
