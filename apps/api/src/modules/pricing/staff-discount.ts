import { and, eq } from 'drizzle-orm';
import { CheckoutMessages } from '@kusina/domain/checkout';
import type { DbOrTx } from '../../db/client.ts';
import { discountConfigurations } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { canActFor, type Auth } from '../../lib/access.ts';
import type { StaffDiscount } from './quote.ts';

/**
 * A staff order's discount (issue #5; backoffice-reservations.md §3 Discount configuration), checked
 * wherever a cart is priced (quote, payment, order): only staff of the restaurant may ask for one,
 * never together with a promo code, and only an active configuration of that restaurant counts.
 * The percentage comes from the database, never from the request. null when none was asked for.
 */
export async function resolveStaffDiscount(
  db: DbOrTx,
  restaurantId: number,
  input: { staff_discount_id?: number | undefined; promo_code?: string | undefined },
  auth: Auth | null,
): Promise<StaffDiscount | null> {
  if (input.staff_discount_id === undefined) return null;
  if (!canActFor(auth?.user, restaurantId)) throw AppError.forbidden(CheckoutMessages.staffOnly);
  if (input.promo_code) {
    throw AppError.validation(CheckoutMessages.staffDiscountWithPromo, { promo_code: CheckoutMessages.staffDiscountWithPromo });
  }
  const [row] = await db
    .select({ id: discountConfigurations.id, name: discountConfigurations.name, basisPoints: discountConfigurations.discountBasisPoints })
    .from(discountConfigurations)
    .where(
      and(
        eq(discountConfigurations.id, input.staff_discount_id),
        eq(discountConfigurations.restaurantId, restaurantId),
        eq(discountConfigurations.isActive, true),
      ),
    )
    .limit(1);
  if (!row) throw AppError.validation(CheckoutMessages.staffDiscountUnavailable, { staff_discount_id: CheckoutMessages.staffDiscountUnavailable });
  return row;
}
