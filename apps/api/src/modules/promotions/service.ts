import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  applyPromoToTotal,
  isPromoUsable,
  isVipUsable,
  normalizeCode,
  PromotionMessages,
  type PromoApplyOutput,
  type PromoCodeCreateInput,
  type PromoCodeOutput,
  type PromoCodeUpdateInput,
  type VipValidateOutput,
} from '@kusina/domain/promotions';
import type { DbOrTx } from '../../db/client.ts';
import { promoCodes, vipCodes } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import type {  } from '../../lib/access.ts';
import type { ServiceDeps } from '../../deps.ts';

/** The code-guessing limit, counted by every route that checks a code (checkout, payments). */
export { countCodeAttempt } from './guesses.ts';

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type VipCodeRow = typeof vipCodes.$inferSelect;

export function invalidPromo(): AppError {
  return new AppError('INVALID_PROMO_CODE', 422, PromotionMessages.invalidPromo);
}

export function vipRequired(): AppError {
  return new AppError('VIP_CODE_REQUIRED', 422, PromotionMessages.vipRequired);
}

/** The promo a code names at a restaurant, if it can be used now (found, active, unexpired, under max). */
export async function findUsablePromo(db: DbOrTx, restaurantId: number, code: string, now = new Date()): Promise<PromoCodeRow | null> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.restaurantId, restaurantId), eq(promoCodes.code, normalizeCode(code))))
    .limit(1);
  return row && isPromoUsable(row, now) ? row : null;
}

export async function findUsableVip(db: DbOrTx, restaurantId: number, code: string, now = new Date()): Promise<VipCodeRow | null> {
  const [row] = await db
    .select()
    .from(vipCodes)
    .where(and(eq(vipCodes.restaurantId, restaurantId), eq(vipCodes.code, normalizeCode(code))))
    .limit(1);
  return row && isVipUsable(row, now) ? row : null;
}

/**
 * Counts one use of a promo, inside the order's transaction. The WHERE repeats every usability
 * rule, so of N concurrent orders racing for the last use exactly one gets a row back: the row
 * lock makes the others re-check the condition against the committed count.
 */
export async function consumePromo(tx: DbOrTx, restaurantId: number, code: string): Promise<PromoCodeRow | null> {
  const [row] = await tx
    .update(promoCodes)
    .set({ currentUses: sql`${promoCodes.currentUses} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(promoCodes.restaurantId, restaurantId),
        eq(promoCodes.code, normalizeCode(code)),
        eq(promoCodes.active, true),
        or(isNull(promoCodes.validUntil), gt(promoCodes.validUntil, sql`now()`)),
        or(isNull(promoCodes.maxUses), lt(promoCodes.currentUses, promoCodes.maxUses)),
      ),
    )
    .returning();
  return row ?? null;
}

export async function consumeVip(tx: DbOrTx, restaurantId: number, code: string): Promise<VipCodeRow | null> {
  const [row] = await tx
    .update(vipCodes)
    .set({ currentUses: sql`${vipCodes.currentUses} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(vipCodes.restaurantId, restaurantId),
        eq(vipCodes.code, normalizeCode(code)),
        eq(vipCodes.active, true),
        or(isNull(vipCodes.expiresAt), gt(vipCodes.expiresAt, sql`now()`)),
        or(isNull(vipCodes.maxUses), lt(vipCodes.currentUses, vipCodes.maxUses)),
      ),
    )
    .returning();
  return row ?? null;
}

/** POST /promo_codes/apply: what the code would take off the shown total. Counts nothing. */
export async function applyPromo(deps: Pick<ServiceDeps, 'db'>, restaurantId: number, code: string, totalDollars: number): Promise<PromoApplyOutput> {
  const promo = await findUsablePromo(deps.db, restaurantId, code);
  if (!promo) throw invalidPromo();
  const rule = { discountType: promo.discountType, value: promo.value };
  return { ...applyPromoToTotal(rule, totalDollars), codeUsed: promo.code, discountType: promo.discountType, discountValue: promo.value };
}

/** POST /restaurants/:id/vip_access/validate_code. 401 for any code that cannot be used. */
export async function validateVip(deps: Pick<ServiceDeps, 'db'>, restaurantId: number, code: string): Promise<VipValidateOutput> {
  const vip = await findUsableVip(deps.db, restaurantId, code);
  if (!vip) throw new AppError('INVALID_VIP_CODE', 401, PromotionMessages.invalidVip, { valid: false });
  return { valid: true, message: PromotionMessages.vipAccepted };
}

// ---- Admin CRUD ------------------------------------------------------------------------

function toPromoOutput(row: PromoCodeRow): PromoCodeOutput {
  return {
    id: row.id,
    restaurant_id: row.restaurantId,
    code: row.code,
    discountType: row.discountType,
    discountValue: row.value,
    validUntil: row.validUntil ? row.validUntil.toISOString() : null,
    maxUses: row.maxUses,
    currentUses: row.currentUses,
    active: row.active,
  };
}
export async function listPromoCodes(deps: Pick<ServiceDeps, 'db'>, restaurantId: number): Promise<PromoCodeOutput[]> {
  const rows = await deps.db.select().from(promoCodes).where(eq(promoCodes.restaurantId, restaurantId)).orderBy(asc(promoCodes.code));
  return rows.map(toPromoOutput);
}

export async function createPromoCode(deps: Pick<ServiceDeps, 'db'>, restaurantId: number, input: PromoCodeCreateInput): Promise<PromoCodeOutput> {
  try {
    const [row] = await deps.db
      .insert(promoCodes)
      .values({
        restaurantId,
        code: input.code,
        discountType: input.discountType,
        value: input.discountValue,
        validUntil: input.validUntil ? new Date(input.validUntil) : null,
        maxUses: input.maxUses ?? null,
        active: input.active,
      })
      .returning();
    if (!row) throw new Error('promo insert returned nothing');
    return toPromoOutput(row);
  } catch (error) {
    if (isUniqueViolation(error, 'promo_codes_restaurant_code_unique')) throw AppError.conflict(PromotionMessages.promoExists);
    throw error;
  }
}

async function findPromo(db: DbOrTx, restaurantId: number, code: string): Promise<PromoCodeRow> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.restaurantId, restaurantId), eq(promoCodes.code, normalizeCode(code))))
    .limit(1);
  if (!row) throw AppError.notFound(PromotionMessages.promoNotFound);
  return row;
}

export async function updatePromoCode(deps: Pick<ServiceDeps, 'db'>, restaurantId: number, code: string, input: PromoCodeUpdateInput): Promise<PromoCodeOutput> {
  const current = await findPromo(deps.db, restaurantId, code);
  const discountType = input.discountType ?? current.discountType;
  const value = input.discountValue ?? current.value;
  if (discountType === 'percent' && value > 100) {
    throw AppError.validation('A percentage is at most 100.', { discountValue: 'A percentage is at most 100.' });
  }
  const maxUses = input.maxUses === undefined ? current.maxUses : input.maxUses;
  if (maxUses !== null && maxUses < current.currentUses) {
    const message = `This code was already used ${current.currentUses} times.`;
    throw AppError.validation(message, { maxUses: message });
  }
  const [row] = await deps.db
    .update(promoCodes)
    .set({
      discountType,
      value,
      maxUses,
      ...(input.validUntil === undefined ? {} : { validUntil: input.validUntil ? new Date(input.validUntil) : null }),
      ...(input.active === undefined ? {} : { active: input.active }),
    })
    .where(eq(promoCodes.id, current.id))
    .returning();
  if (!row) throw AppError.notFound(PromotionMessages.promoNotFound);
  return toPromoOutput(row);
}

/** Orders keep the code as text (promo_code) and lose only the link, so history stays whole. */
export async function deletePromoCode(deps: Pick<ServiceDeps, 'db'>, restaurantId: number, code: string): Promise<void> {
  const current = await findPromo(deps.db, restaurantId, code);
  await deps.db.delete(promoCodes).where(eq(promoCodes.id, current.id));
}
