import type pg from 'pg';
import type { Config } from '../../config.ts';
import { hit, secondsUntil, type Queryable } from '../../lib/limits.ts';
import { AppError } from '../../lib/errors.ts';
import { AccountMessages } from '@kusina/domain/messages';
import type { NotificationMessage } from './service.ts';

/** What the per-destination limit needs from the app (FastifyInstance provides all of it). */
export interface DestinationDeps {
  pool: pg.Pool;
  config: Pick<Config, 'MESSAGES_PER_DESTINATION_PER_HOUR' | 'MESSAGES_PER_DESTINATION_PER_DAY'>;
  clock?: () => Date;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Texts and e-mails that anyone may have sent without signing in (a booking's confirmation, a phone
 * code, a reset link) are limited per destination, per hour and per day, on every node together
 * (decision 0085): no one can bomb a number or an inbox, run up the restaurant's SMS bill, or use
 * its name to relay their own words. Answers the messages still allowed, and the retry time of
 * those that are not; each message counts one hit on its destination. Inside a transaction, pass its
 * connection: the count then stands or falls with the messages (and a transaction holding a
 * connection never waits on the pool for another — 30 parallel bookings would drain it).
 */
export async function withinDestinationLimits(
  deps: DestinationDeps,
  messages: NotificationMessage[],
  connection: Queryable = deps.pool,
): Promise<{ allowed: NotificationMessage[]; retryAfterSeconds: number }> {
  if (messages.length === 0) return { allowed: [], retryAfterSeconds: 0 };
  const now = deps.clock?.() ?? new Date();
  const keyOf = (m: NotificationMessage) => `${m.channel}:${m.recipient.trim().toLowerCase()}`;
  const states = await hit(
    connection,
    now,
    messages.flatMap((m) => [
      { scope: 'destination-hour', key: keyOf(m), max: deps.config.MESSAGES_PER_DESTINATION_PER_HOUR, windowMs: HOUR },
      { scope: 'destination-day', key: keyOf(m), max: deps.config.MESSAGES_PER_DESTINATION_PER_DAY, windowMs: DAY },
    ]),
  );
  const over = new Map<string, number>();
  for (const state of states) {
    if (state.hits > state.max) over.set(state.key, Math.max(over.get(state.key) ?? 0, secondsUntil(now, state.windowEndsAt)));
  }
  return { allowed: messages.filter((m) => !over.has(keyOf(m))), retryAfterSeconds: Math.max(0, ...over.values()) };
}

/** For a request whose whole point is the message (a phone code): 429 with when to retry. */
export async function enforceDestinationLimits(deps: DestinationDeps, messages: NotificationMessage[], connection: Queryable = deps.pool): Promise<void> {
  const { retryAfterSeconds } = await withinDestinationLimits(deps, messages, connection);
  if (retryAfterSeconds > 0) throw AppError.tooManyRequests(AccountMessages.tooManyMessages, { retry_after_seconds: retryAfterSeconds });
}
