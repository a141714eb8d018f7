import type pg from 'pg';
import type { Config } from '../../config.ts';
import { enforce, type Counter } from '../../lib/limits.ts';

/** What the code-guessing limit needs: a part of the services' dependencies (routes pass app.deps). */
export interface GuessDeps {
  pool: pg.Pool;
  config: Pick<Config, 'CODE_CHECK_RATE_LIMIT_PER_MINUTE'>;
  clock: () => Date;
}

const MINUTE = 60_000;
/**
 * One code may be tried this many times as often as one client may try codes: a code shared by a
 * whole lunch rush must never be refused to real customers, while one code hammered from many
 * addresses still meets a wall (decision 0085).
 */
const PER_CODE_FACTOR = 10;

const TOO_MANY_CODE_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';

/**
 * Counts a request that carries promo or VIP codes against the code-guessing limit, per client and
 * per code, on every path that checks a code (apply, VIP check, quote, payment, order), so that no
 * path is a free guessing oracle. Requests without a code count nothing and cost nothing. Counted
 * before the check, in its own statement: a refused guess is not undone by a rolled-back order, and
 * once limited even the right code gets 429, so a guesser learns nothing more.
 */
export async function countCodeAttempt(deps: GuessDeps, client: string, codes: ReadonlyArray<string | null | undefined>): Promise<void> {
  const given = codes.map((code) => code?.trim().toUpperCase()).filter((code): code is string => !!code);
  if (given.length === 0) return;
  const perClient = deps.config.CODE_CHECK_RATE_LIMIT_PER_MINUTE;
  const counters: Counter[] = [
    { scope: 'code-client', key: client, max: perClient, windowMs: MINUTE },
    ...given.map((code) => ({ scope: 'code', key: code, max: perClient * PER_CODE_FACTOR, windowMs: MINUTE })),
  ];
  await enforce(deps.pool, deps.clock(), counters, TOO_MANY_CODE_ATTEMPTS);
}
