import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  applyPromoToTotal,
  codeStatus,
  isPromoUsable,
  remainingUses,
  VipMessages,
  type VipCodeCreateInput,
  type VipCodeOutput,
  type VipCodeUseOutput,
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
import { orders, promoCodes, vipCodes } from '../../db/schema/index.ts';
import { isUniqueViolation, transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/access.ts';
import { recordAudit } from '../audit/service.ts';
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

// ---- Admin CRUD (fixed and audited in issue #37, decision 0114) ----------------------------------

type AdminDeps = Pick<ServiceDeps, 'db' | 'pool' | 'clock'>;

function toPromoOutput(row: PromoCodeRow, now: Date): PromoCodeOutput {
  return {
    id: row.id,
    restaurant_id: row.restaurantId,
    code: row.code,
    discountType: row.discountType,
    discountValue: row.value,
    validUntil: row.validUntil ? row.validUntil.toISOString() : null,
    maxUses: row.maxUses,
    currentUses: row.currentUses,
    remainingUses: remainingUses(row),
    active: row.active,
    status: codeStatus(row, now),
  };
}

const describePromo = (p: Pick<PromoCodeRow, 'discountType' | 'value'>) => (p.discountType === 'percent' ? `${p.value}% off` : `$${(p.value / 100).toFixed(2)} off`);

export async function listPromoCodes(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number): Promise<PromoCodeOutput[]> {
  const rows = await deps.db.select().from(promoCodes).where(eq(promoCodes.restaurantId, restaurantId)).orderBy(asc(promoCodes.code));
  const now = deps.clock();
  return rows.map((row) => toPromoOutput(row, now));
}

export async function createPromoCode(deps: AdminDeps, actor: SessionUser, restaurantId: number, input: PromoCodeCreateInput): Promise<PromoCodeOutput> {
  try {
    return await transaction(deps.pool, async ({ tx }) => {
      const [row] = await tx
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
      await recordAudit(tx, { restaurantId, actor, action: 'promo.create', target: row.code, summary: `Created promo code ${row.code} (${describePromo(row)})` });
      return toPromoOutput(row, deps.clock());
    });
  } catch (error) {
    if (isUniqueViolation(error, 'promo_codes_restaurant_code_unique')) throw AppError.conflict(PromotionMessages.promoExists, { fields: { code: PromotionMessages.promoExists } });
    throw error;
  }
}

async function lockPromo(tx: DbOrTx, restaurantId: number, code: string): Promise<PromoCodeRow> {
  const [row] = await tx
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.restaurantId, restaurantId), eq(promoCodes.code, normalizeCode(code))))
    .for('update')
    .limit(1);
  if (!row) throw AppError.notFound(PromotionMessages.promoNotFound);
  return row;
}

/**
 * Changes a code under its row lock: an order counting a use meanwhile waits, so "max uses below
 * the uses already made" is judged against the committed count (before, a use landing between
 * the read and the write broke the uses CHECK and answered 500).
 */
export async function updatePromoCode(deps: AdminDeps, actor: SessionUser, restaurantId: number, code: string, input: PromoCodeUpdateInput): Promise<PromoCodeOutput> {
  return transaction(deps.pool, async ({ tx }) => {
    const current = await lockPromo(tx, restaurantId, code);
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
    const [row] = await tx
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
    const changed = changedFields(current, row);
    if (changed.length > 0) {
      await recordAudit(tx, { restaurantId, actor, action: 'promo.update', target: row.code, summary: `Changed promo code ${row.code}: ${changed.join(', ')}` });
    }
    return toPromoOutput(row, deps.clock());
  });
}

function changedFields(before: PromoCodeRow, after: PromoCodeRow): string[] {
  const out: string[] = [];
  if (before.discountType !== after.discountType || before.value !== after.value) out.push(`discount ${describePromo(before)} → ${describePromo(after)}`);
  if (before.maxUses !== after.maxUses) out.push(`max uses ${before.maxUses ?? 'unlimited'} → ${after.maxUses ?? 'unlimited'}`);
  if ((before.validUntil?.getTime() ?? null) !== (after.validUntil?.getTime() ?? null)) out.push(`valid until ${after.validUntil?.toISOString() ?? 'no end'}`);
  if (before.active !== after.active) out.push(after.active ? 'switched on' : 'paused');
  return out;
}

/** Ends a code now, by the server's clock: it stays listed with its uses; checkout refuses it from now on. */
export async function expirePromoCode(deps: AdminDeps, actor: SessionUser, restaurantId: number, code: string): Promise<PromoCodeOutput> {
  return transaction(deps.pool, async ({ tx }) => {
    const current = await lockPromo(tx, restaurantId, code);
    const now = deps.clock();
    if (current.validUntil && current.validUntil.getTime() <= now.getTime()) return toPromoOutput(current, now);
    const [row] = await tx.update(promoCodes).set({ validUntil: now }).where(eq(promoCodes.id, current.id)).returning();
    if (!row) throw AppError.notFound(PromotionMessages.promoNotFound);
    await recordAudit(tx, { restaurantId, actor, action: 'promo.expire', target: row.code, summary: `Expired promo code ${row.code} after ${row.currentUses} uses` });
    return toPromoOutput(row, now);
  });
}

/** Orders keep the code as text (promo_code) and lose only the link, so history stays whole. */
export async function deletePromoCode(deps: AdminDeps, actor: SessionUser, restaurantId: number, code: string): Promise<void> {
  await transaction(deps.pool, async ({ tx }) => {
    const current = await lockPromo(tx, restaurantId, code);
    await tx.delete(promoCodes).where(eq(promoCodes.id, current.id));
    await recordAudit(tx, { restaurantId, actor, action: 'promo.delete', target: current.code, summary: `Deleted promo code ${current.code} (used ${current.currentUses} times)` });
  });
}

// ---- VIP access codes (issue #37, decision 0114) ---------------------------------------------

function toVipOutput(row: VipCodeRow, now: Date): VipCodeOutput {
  return {
    id: row.id,
    restaurant_id: row.restaurantId,
    code: row.code,
    name: row.name,
    maxUses: row.maxUses,
    currentUses: row.currentUses,
    remainingUses: remainingUses(row),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    active: row.active,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: codeStatus({ active: row.active, validUntil: row.expiresAt, maxUses: row.maxUses, currentUses: row.currentUses }, now),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listVipCodes(deps: Pick<ServiceDeps, 'db' | 'clock'>, restaurantId: number): Promise<VipCodeOutput[]> {
  const rows = await deps.db.select().from(vipCodes).where(eq(vipCodes.restaurantId, restaurantId)).orderBy(desc(vipCodes.id));
  const now = deps.clock();
  return rows.map((row) => toVipOutput(row, now));
}

/** No 0/O or 1/I: codes are read aloud and typed from paper. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function randomVipCode(): string {
  const bytes = randomBytes(8);
  let out = 'VIP-';
  for (const byte of bytes) out += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return out;
}

/** Issues one code of the admin's choosing, or `quantity` random ones, each with the same limits. */
export async function issueVipCodes(deps: AdminDeps, actor: SessionUser, restaurantId: number, input: VipCodeCreateInput): Promise<VipCodeOutput[]> {
  try {
    return await transaction(deps.pool, async ({ tx }) => {
      const codes = input.code ? [input.code] : Array.from({ length: input.quantity }, randomVipCode);
      const rows = await tx
        .insert(vipCodes)
        .values(codes.map((code) => ({ restaurantId, code, name: input.name, maxUses: input.maxUses, expiresAt: input.expiresAt ? new Date(input.expiresAt) : null })))
        .returning();
      const kind = input.maxUses === 1 ? 'single-use' : input.maxUses === null ? 'unlimited' : `${input.maxUses}-use`;
      await recordAudit(tx, {
        restaurantId,
        actor,
        action: 'vip.issue',
        target: rows.length === 1 ? rows[0]!.code : `${rows.length} codes`,
        summary: `Issued ${rows.length} ${kind} VIP code${rows.length === 1 ? '' : 's'} for "${input.name}"`,
        details: { codes: rows.map((r) => r.code) },
      });
      const now = deps.clock();
      return rows.map((row) => toVipOutput(row, now));
    });
  } catch (error) {
    if (isUniqueViolation(error, 'vip_codes_restaurant_code_unique')) throw AppError.conflict(VipMessages.vipExists, { fields: { code: VipMessages.vipExists } });
    throw error;
  }
}

async function lockVip(tx: DbOrTx, restaurantId: number, id: number): Promise<VipCodeRow> {
  const [row] = await tx.select().from(vipCodes).where(and(eq(vipCodes.id, id), eq(vipCodes.restaurantId, restaurantId))).for('update').limit(1);
  if (!row) throw AppError.notFound(VipMessages.vipNotFound);
  return row;
}

/** Revokes a code: checkout refuses it from now on; its uses stay listed. */
export async function revokeVipCode(deps: AdminDeps, actor: SessionUser, restaurantId: number, id: number): Promise<VipCodeOutput> {
  return transaction(deps.pool, async ({ tx }) => {
    const current = await lockVip(tx, restaurantId, id);
    if (current.revokedAt) throw AppError.conflict(VipMessages.alreadyRevoked);
    const [row] = await tx.update(vipCodes).set({ active: false, revokedAt: sql`now()` }).where(eq(vipCodes.id, current.id)).returning();
    if (!row) throw AppError.notFound(VipMessages.vipNotFound);
    await recordAudit(tx, { restaurantId, actor, action: 'vip.revoke', target: row.code, summary: `Revoked VIP code ${row.code} after ${row.currentUses} uses` });
    return toVipOutput(row, deps.clock());
  });
}

/** The orders placed with a code, newest first. */
export async function vipCodeUses(deps: Pick<ServiceDeps, 'db'>, restaurantId: number, id: number): Promise<VipCodeUseOutput[]> {
  const [code] = await deps.db.select({ id: vipCodes.id }).from(vipCodes).where(and(eq(vipCodes.id, id), eq(vipCodes.restaurantId, restaurantId))).limit(1);
  if (!code) throw AppError.notFound(VipMessages.vipNotFound);
  const rows = await deps.db
    .select({ id: orders.id, number: orders.orderNumber, name: orders.contactName, at: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.vipCodeId, id), eq(orders.restaurantId, restaurantId)))
    .orderBy(desc(orders.id))
    .limit(500);
  return rows.map((r) => ({ order_id: r.id, order_number: r.number, contact_name: r.name, placed_at: r.at.toISOString() }));
}
