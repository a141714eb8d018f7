// The schema Drizzle sees: every table module, listed once here for the client and drizzle-kit.
export * from './restaurants.ts';
export * from './accounts.ts';
export * from './menu.ts';
export * from './notifications.ts';
export * from './promotions.ts';
export * from './orders.ts';
export * from './merchandise.ts';
export * from './order-management.ts';
export * from './reservations.ts';
export * from './floor.ts';
export * from './wholesale.ts';
export * from './limits.ts';
export * from './analytics.ts';
export * from './guests.ts';
