import type { Tx } from '../client.ts';
import { analyticsEvents } from '../schema/index.ts';

/*
 * Four weeks of visits for the Reports tab's Visits (decision 0117): each day some visitors look at
 * the menu, some go on to checkout and some order, more on Fridays and weekends and around noon and
 * dinner. Deterministic (a fixed-seed generator), ending at the moment the demo is seeded.
 */

function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const HOURS = [11, 12, 12, 13, 17, 18, 18, 19, 19, 20];

export async function seedAnalytics(tx: Tx, now: Date = new Date()): Promise<void> {
  const random = generator(2026);
  const rows: (typeof analyticsEvents.$inferInsert)[] = [];
  for (const restaurantId of [1, 2]) {
    for (let daysAgo = 27; daysAgo >= 0; daysAgo -= 1) {
      const day = new Date(now.getTime() - daysAgo * 86_400_000);
      const weekday = day.getUTCDay();
      const busy = weekday === 5 || weekday === 6 || weekday === 0 ? 1.5 : 1;
      const visits = Math.round((restaurantId === 1 ? 45 : 18) * busy * (0.8 + random() * 0.4));
      for (let v = 0; v < visits; v += 1) {
        const hour = HOURS[Math.floor(random() * HOURS.length)]!;
        // Guam is UTC+10: the visit's start on that Guam day, never after now.
        const start = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour - 10, Math.floor(random() * 60));
        if (start > now.getTime()) continue;
        const sessionId = `demo-${restaurantId}-${daysAgo}-${v}`;
        const anonymousId = `demo-visitor-${restaurantId}-${Math.floor(random() * 400)}`;
        const path = ['/', '/menu'];
        if (random() < 0.35) path.push('/cart');
        if (path.length === 3 && random() < 0.7) path.push('/checkout');
        if (path.length === 4 && random() < 0.75) path.push(`/order-confirmation/${1000 + v}`);
        path.forEach((p, i) => {
          const at = new Date(Math.min(now.getTime(), start + i * 90_000));
          rows.push({ restaurantId, sessionId, anonymousId, type: 'page_view', path: p, occurredAt: at });
          if (p === '/menu') rows.push({ restaurantId, sessionId, anonymousId, type: 'click', path: p, target: 'button:Add to Cart', occurredAt: at });
        });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(analyticsEvents).values(rows.slice(i, i + 1000));
}
