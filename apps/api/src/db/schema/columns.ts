import { timestamp } from 'drizzle-orm/pg-core';

/** Times are timestamptz (UTC); the restaurant's zone is applied at the edges. */
export const createdAt = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const timestamptz = () => timestamp({ withTimezone: true, mode: 'date' });
