import { z } from 'zod';
import { coercedInt4 } from './integers.ts';
import { centsToDollars, dollarsToCents, type Cents } from './money.ts';

/**
 * Promo codes (storefront.md §3 Promo code, §5 Checkout, §7) and VIP access codes (§1, §4).
 * The spec's words, verbatim, are written once here.
 */
export const PromotionMessages = {
  invalidPromo: 'Invalid or expired promo code',
  promoApplyFailed: 'Failed to apply promo code. Please try again.',
  invalidVip: 'Invalid VIP code',
  vipValidateFailed: 'Failed to validate VIP code',
  vipRequired: 'Please enter a valid VIP code to continue',
  // Server answers the spec leaves to us.
  vipAccepted: 'VIP code accepted',
  promoExists: 'A promo code with this code already exists.',
  promoNotFound: 'Promo code not found.',
} as const;

export const DISCOUNT_TYPES = ['percent', 'amount'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** Codes are compared case-insensitively; they are stored upper-case and trimmed. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

export const codeSchema = z
  .string()
  .trim()
  .min(1, 'Code is required')
  .max(40, 'Code is too long')
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only')
  .transform(normalizeCode);

export interface PromoRule {
  discountType: DiscountType;
  /** percent: whole percent 1–100; amount: cents. */
  value: number;
}

/**
 * What a promo takes off a subtotal. A percentage is rounded to the nearest cent (half up); an
 * amount never takes the total below zero.
 */
export function promoDiscountCents(rule: PromoRule, subtotalCents: Cents): Cents {
  if (subtotalCents <= 0) return 0;
  const raw = rule.discountType === 'percent' ? Math.round((subtotalCents * rule.value) / 100) : rule.value;
  return Math.max(0, Math.min(subtotalCents, raw));
}

export interface PromoState {
  active: boolean;
  validUntil: Date | null;
  maxUses: number | null;
  currentUses: number;
}

/** Found, active, unexpired and under its max uses (storefront.md §5 Checkout). */
export function isPromoUsable(promo: PromoState, now: Date): boolean {
  if (!promo.active) return false;
  if (promo.validUntil && promo.validUntil.getTime() <= now.getTime()) return false;
  if (promo.maxUses !== null && promo.currentUses >= promo.maxUses) return false;
  return true;
}

export interface VipState {
  active: boolean;
  expiresAt: Date | null;
  maxUses: number | null;
  currentUses: number;
}

export function isVipUsable(vip: VipState, now: Date): boolean {
  return isPromoUsable({ active: vip.active, validUntil: vip.expiresAt, maxUses: vip.maxUses, currentUses: vip.currentUses }, now);
}

/** Where a code stands, by the rules checkout applies (the admin screens show it). */
export const CODE_STATUSES = ['active', 'paused', 'expired', 'used_up'] as const;
export type CodeStatus = (typeof CODE_STATUSES)[number];

export function codeStatus(promo: PromoState, now: Date): CodeStatus {
  if (!promo.active) return 'paused';
  if (promo.validUntil && promo.validUntil.getTime() <= now.getTime()) return 'expired';
  if (promo.maxUses !== null && promo.currentUses >= promo.maxUses) return 'used_up';
  return 'active';
}

/** Uses left before the code is used up; null when it has no limit. */
export function remainingUses(promo: Pick<PromoState, 'maxUses' | 'currentUses'>): number | null {
  return promo.maxUses === null ? null : Math.max(0, promo.maxUses - promo.currentUses);
}

// ---- POST /promo_codes/apply -------------------------------------------------------------

export const PromoApplyInput = z.object({
  restaurant_id: coercedInt4().positive().optional(),
  code: z.string().trim().min(1, 'Code is required').max(40),
  /** The cart total in dollars, as the SPA shows it; only used to show the new total. */
  total: z.coerce.number().min(0).max(100_000),
});
export type PromoApplyInput = z.infer<typeof PromoApplyInput>;

export const PromoApplyOutput = z.object({
  newTotal: z.number(),
  codeUsed: z.string(),
  discount: z.number(),
  discountType: z.enum(DISCOUNT_TYPES),
  discountValue: z.number(),
});
export type PromoApplyOutput = z.infer<typeof PromoApplyOutput>;

/** The display answer of apply: total and discount in dollars, from the cart total in dollars. */
export function applyPromoToTotal(rule: PromoRule, totalDollars: number): { newTotal: number; discount: number } {
  const totalCents = dollarsToCents(totalDollars);
  const discount = promoDiscountCents(rule, totalCents);
  return { newTotal: centsToDollars(totalCents - discount), discount: centsToDollars(discount) };
}

// ---- Admin CRUD ------------------------------------------------------------------------

const discountFields = {
  discountType: z.enum(DISCOUNT_TYPES),
  /** percent: whole percent 1–100; amount: cents. */
  discountValue: z.int32().positive(),
};

function checkValue(value: { discountType?: DiscountType | undefined; discountValue?: number | undefined }, ctx: z.RefinementCtx) {
  if (value.discountType === 'percent' && value.discountValue !== undefined && value.discountValue > 100) {
    ctx.addIssue({ code: 'custom', path: ['discountValue'], message: 'A percentage is at most 100.' });
  }
}

export const PromoCodeCreateInput = z
  .object({
    restaurant_id: z.int32().positive().optional(),
    code: codeSchema,
    ...discountFields,
    validUntil: z.iso.datetime({ offset: true }).nullable().optional(),
    maxUses: z.int32().positive().nullable().optional(),
    active: z.boolean().default(true),
  })
  .superRefine(checkValue);
export type PromoCodeCreateInput = z.infer<typeof PromoCodeCreateInput>;

export const PromoCodeUpdateInput = z
  .object({
    discountType: discountFields.discountType.optional(),
    discountValue: discountFields.discountValue.optional(),
    validUntil: z.iso.datetime({ offset: true }).nullable().optional(),
    maxUses: z.int32().positive().nullable().optional(),
    active: z.boolean().optional(),
  })
  .superRefine(checkValue);
export type PromoCodeUpdateInput = z.infer<typeof PromoCodeUpdateInput>;

/** storefront.md §3 Promo code: code, validUntil, maxUses, currentUses (plus what admins edit). */
export const PromoCodeOutput = z.object({
  id: z.int32(),
  restaurant_id: z.int32(),
  code: z.string(),
  discountType: z.enum(DISCOUNT_TYPES),
  discountValue: z.int32(),
  validUntil: z.string().nullable(),
  maxUses: z.int32().nullable(),
  currentUses: z.int32(),
  /** maxUses − currentUses; null without a limit. */
  remainingUses: z.int32().nullable(),
  active: z.boolean(),
  /** By the server's clock: active, paused (switched off), expired or used up. */
  status: z.enum(CODE_STATUSES),
});
export type PromoCodeOutput = z.infer<typeof PromoCodeOutput>;

export const PromoCodeListOutput = z.array(PromoCodeOutput);

// ---- VIP -------------------------------------------------------------------------------

export const VipValidateInput = z.object({ code: z.string().trim().min(1, 'Code is required').max(40) });

export const VipValidateOutput = z.object({ valid: z.literal(true), message: z.string() });
export type VipValidateOutput = z.infer<typeof VipValidateOutput>;

// ---- VIP admin (issue #37, decision 0114) ------------------------------------------------------

export const VIP_MAX_BATCH = 100;

export const VipMessages = {
  vipNotFound: 'VIP code not found.',
  vipExists: 'A VIP code with this code already exists.',
  codeWithQuantity: 'Give a code of your own only when issuing one code.',
  alreadyRevoked: 'This VIP code is already revoked.',
} as const;

export const VipCodeCreateInput = z
  .object({
    restaurant_id: z.int32().positive().optional(),
    /** Who or what the codes are for. */
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name is too long'),
    /** A code of the admin's choosing; without it the server makes random ones. */
    code: codeSchema.optional(),
    /** 1: single-use; null: unlimited. */
    maxUses: z.int32().positive('Uses must be at least 1').max(100_000).nullable(),
    /** How many codes to issue (random codes only). */
    quantity: z.int32().min(1, 'Issue at least one code').max(VIP_MAX_BATCH, `At most ${VIP_MAX_BATCH} codes at once`).default(1),
    expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .refine((v) => v.code === undefined || v.quantity === 1, { path: ['quantity'], message: VipMessages.codeWithQuantity });
export type VipCodeCreateInput = z.infer<typeof VipCodeCreateInput>;

export const VipCodeOutput = z.object({
  id: z.int32(),
  restaurant_id: z.int32(),
  code: z.string(),
  name: z.string(),
  maxUses: z.int32().nullable(),
  currentUses: z.int32(),
  remainingUses: z.int32().nullable(),
  expiresAt: z.string().nullable(),
  active: z.boolean(),
  revokedAt: z.string().nullable(),
  status: z.enum(CODE_STATUSES),
  createdAt: z.string(),
});
export type VipCodeOutput = z.infer<typeof VipCodeOutput>;
export const VipCodeListOutput = z.array(VipCodeOutput);

export const VipCodeUseOutput = z.object({
  order_id: z.int32(),
  order_number: z.string(),
  contact_name: z.string(),
  placed_at: z.string(),
});
export type VipCodeUseOutput = z.infer<typeof VipCodeUseOutput>;
export const VipCodeUsesOutput = z.array(VipCodeUseOutput);
