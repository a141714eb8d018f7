import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * The abuse limits' counters (sign-in, code guesses, messages per destination), kept here so every
 * API node counts together (decision 0085). One row per scope and key (`code-client` + an address,
 * `login-failures` + an e-mail…): a fixed window that starts again once `window_ends_at` has passed.
 * Rows whose window ended are pruned as the limiter goes (lib/limits.ts).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    scope: text().notNull(),
    key: text().notNull(),
    hits: integer().notNull(),
    windowEndsAt: timestamptz().notNull(),
    lastHitAt: timestamptz().notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('rate_limits_window_ends_idx').on(t.windowEndsAt)],
);
