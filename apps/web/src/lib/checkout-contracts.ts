/**
 * The checkout API's contracts come from packages/domain (checkout.ts, orders.ts); this file only
 * names the shapes the storefront's endpoints send and read, so each api/ file imports one place.
 */
import type { CartIssue, CardInput, FoodLineInput, MerchandiseLineInput, PaymentConfirmOutput, PaymentCreateOutput, QuoteOutput } from '@kusina/domain/checkout';
import type { OrderConfirmationOutput, OrderCreateOutput, OrderHistoryEntry, OrderHistoryOutput } from '@kusina/domain/orders';

/**
 * A cart line as the API takes it: food (menu_item_id, selected_options: group id → option ids) or
 * merchandise ({ type: 'merchandise', variant_id, quantity, notes }). Prices are never sent.
 */
export type FoodCheckoutLine = FoodLineInput;
export type MerchandiseCheckoutLine = MerchandiseLineInput;
export type CheckoutLineInput = FoodCheckoutLine | MerchandiseCheckoutLine;
export type CheckoutIssue = Pick<CartIssue, 'message'> & Partial<Omit<CartIssue, 'message'>>;
export type { QuoteOutput, PaymentCreateOutput, PaymentConfirmOutput, OrderConfirmationOutput, OrderCreateOutput, OrderHistoryEntry, OrderHistoryOutput };
export type TestCardInput = CardInput;

export interface QuoteInput {
  restaurant_id?: number;
  items: CheckoutLineInput[];
  promo_code?: string;
  /** Staff orders only: an active staff discount configuration; never with a promo code. */
  staff_discount_id?: number;
}

export interface OrderContact {
  name: string;
  email: string;
  phone: string;
}

export interface CreateOrderInput {
  restaurant_id?: number;
  items: CheckoutLineInput[];
  contact: OrderContact;
  special_instructions?: string;
  promo_code?: string;
  vip_code?: string;
  payment_id: string;
  /** Staff orders only (issue #5): the staff member the order is for; required with staff_discount_id. */
  staff_member_name?: string;
  staff_discount_id?: number;
}

export type OrderSort = 'newest' | 'oldest' | 'highest' | 'lowest';

/**
 * What the confirmation page reads: the server's confirmation, where every field may be missing
 * (an order passed in navigation state, an older API), so each block has its fallback.
 */
export type OrderView = Partial<OrderConfirmationOutput> & { id?: number | string; custom_pickup_location?: string | null };
