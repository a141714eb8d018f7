import type { Tx } from '../client.ts';
import { promoCodes, vipCodes } from '../schema/index.ts';

const DAY = 86_400_000;

/**
 * Demo promo and VIP codes: ALOHA10 (10 % off) and HAFA5 ($5 off) at both restaurants, SUMMER25
 * expired, WELCOME used up; VIP2026 (unlimited) and VIPONCE (single use) for the VIP-only
 * restaurant 2. Dates are relative to the seed so the demo keeps working.
 */
export async function seedPromotions(tx: Tx): Promise<void> {
  const now = Date.now();
  const inAYear = new Date(now + 365 * DAY);
  await tx.insert(promoCodes).values(
    [1, 2].flatMap((restaurantId) => [
      { restaurantId, code: 'ALOHA10', discountType: 'percent' as const, value: 10, validUntil: inAYear, maxUses: null },
      { restaurantId, code: 'HAFA5', discountType: 'amount' as const, value: 500, validUntil: inAYear, maxUses: 500 },
      { restaurantId, code: 'SUMMER25', discountType: 'percent' as const, value: 25, validUntil: new Date(now - 30 * DAY), maxUses: null },
      { restaurantId, code: 'WELCOME', discountType: 'amount' as const, value: 300, validUntil: inAYear, maxUses: 1, currentUses: 1 },
    ]),
  );
  await tx.insert(vipCodes).values([
    { restaurantId: 2, code: 'VIP2026', name: 'VIP guests 2026', maxUses: null, expiresAt: inAYear },
    { restaurantId: 2, code: 'VIPONCE', name: 'Single-use guest pass', maxUses: 1, expiresAt: inAYear },
  ]);
}
