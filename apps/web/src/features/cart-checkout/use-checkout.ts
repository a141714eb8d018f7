import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation } from 'wouter';
import { z } from 'zod';
import { CheckoutMessages, ContactInput, paymentFailedMessage, pickupEstimate, type PaymentCreateOutput } from '@kusina/domain/checkout';
import { DEFAULT_PHONE_PREFIX } from '@kusina/domain/phone-rules';
import { PromotionMessages } from '@kusina/domain/promotions';
import { RestaurantDefaults } from '@kusina/domain/restaurants';
import { paymentGatewayOf, type StripeConfirm } from '../../components/payment/live-payment.tsx';
import { EMPTY_TEST_CARD, testCardErrors, toCardInput, type TestCardValue } from '../../components/payment/test-card-fields.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { toCheckoutLines, toQuoteLines } from '../../lib/cart-stock.ts';
import type { CheckoutIssue } from '../../lib/checkout-contracts.ts';
import { useRestaurant } from '../../lib/restaurant.ts';
import { getRestaurantId } from '../../lib/restaurant-id.ts';
import {
  canPlaceStaffOrder,
  EMPTY_STAFF_ORDER,
  hasStaffOrderErrors,
  STAFF_DISCOUNT_GROUP_ID,
  STAFF_MEMBER_FIELD_ID,
  staffDiscountId,
  staffOrderErrorsFrom,
  type StaffOrderErrors,
  type StaffOrderValue,
} from '../../lib/staff-order.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import { clearCart } from '../../stores/cart-actions.ts';
import { useCartStore } from '../../stores/cart-store.ts';
import { useApplyPromoCode } from './api/apply-promo-code.ts';
import { useConfirmPayment } from './api/confirm-payment.ts';
import { useCreateOrder } from './api/create-order.ts';
import { useCreatePayment } from './api/create-payment.ts';
import { useCheckoutQuote } from './api/quote-checkout.ts';
import { useValidateVipCode } from './api/validate-vip-code.ts';
import { ASAP, pickupChoices } from './components/pickup-time-field.tsx';
import { issuesFromError } from './utils/issues.ts';

export const PROMO_FIELD_ID = 'promo-code';

export const CheckoutFormSchema = ContactInput.extend({
  special_instructions: z.string().trim().max(1000, 'Special instructions are too long'),
});
export type CheckoutFormInput = z.input<typeof CheckoutFormSchema>;
export type CheckoutFormOutput = z.output<typeof CheckoutFormSchema>;

/** A failure the customer must act on, with the words to show. */
export class CheckoutStop extends Error {
  constructor(
    message: string,
    readonly issues: CheckoutIssue[] = [],
    /** A staff order's fields the server refused (details.fields), shown on those fields. */
    readonly fields: StaffOrderErrors = {},
  ) {
    super(message);
  }
}

function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The storefront checkout's state and flow (storefront.md §4), as the fundraiser checkout keeps its
 * own in use-wholesale-checkout.ts: the contact form, promo and VIP codes, the staff order, the
 * pickup time, the test card, and Place Order — pay once per attempt (one Idempotency-Key, at most
 * one successful payment; a retry of the same cart reuses both), then create the order and go to
 * its confirmation. CheckoutPage only lays it out.
 */
export function useCheckout() {
  const [, navigate] = useLocation();
  const restaurantId = getRestaurantId();
  const cartItems = useCartStore((state) => state.cartItems);
  const user = useAuthStore((state) => state.user);
  const restaurant = useRestaurant();

  const [promoInput, setPromoInput] = useState('');
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const [promoError, setPromoError] = useState<string | null>(null);
  const [vipInput, setVipInput] = useState('');
  const [vipCode, setVipCode] = useState<string | null>(null);
  const [vipError, setVipError] = useState<string | null>(null);
  const [card, setCard] = useState<TestCardValue>(EMPTY_TEST_CARD);
  const [cardErrors, setCardErrors] = useState<Partial<Record<keyof TestCardValue, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [pickupChoice, setPickupChoice] = useState<string>(ASAP);
  const [pickupError, setPickupError] = useState<string | undefined>(undefined);
  const [formError, setFormError] = useState<string | null>(null);
  const [orderIssues, setOrderIssues] = useState<CheckoutIssue[]>([]);
  const isStaffUser = canPlaceStaffOrder(user, restaurantId);
  const [staffOrder, setStaffOrder] = useState<StaffOrderValue>(EMPTY_STAFF_ORDER);
  const [staffErrors, setStaffErrors] = useState<StaffOrderErrors>({});
  const focusAfterSubmit = useRef<keyof StaffOrderErrors | null>(null);
  const staffOrderOn = isStaffUser && staffOrder.enabled;
  const staffDiscount = isStaffUser ? staffDiscountId(staffOrder) : undefined;
  // One discount per order: a staff discount replaces the promo code (the server refuses both).
  const activePromo = staffDiscount === undefined ? promoCode : null;

  // One checkout attempt = one idempotency key and at most one successful payment (storefront.md §4):
  // a retry of the same cart reuses both; a changed cart, promo, VIP code or staff discount starts a new attempt.
  const attempt = useRef<{ signature: string; key: string; paidPaymentId: string | null; pendingPaymentId: string | null } | null>(null);
  const inFlight = useRef(false);
  const stripeConfirm = useRef<StripeConfirm | null>(null);

  const lines = useMemo(() => toCheckoutLines(cartItems), [cartItems]);
  const quoteLines = useMemo(() => toQuoteLines(cartItems), [cartItems]);
  const quote = useCheckoutQuote({
    restaurant_id: restaurantId,
    items: quoteLines,
    ...(activePromo ? { promo_code: activePromo } : {}),
    ...(staffDiscount !== undefined ? { staff_discount_id: staffDiscount } : {}),
  });
  const applyPromo = useApplyPromoCode();
  const validateVip = useValidateVipCode(restaurantId);
  const createPayment = useCreatePayment();
  const confirmPayment = useConfirmPayment();
  const createOrder = useCreateOrder();

  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<CheckoutFormInput, unknown, CheckoutFormOutput>({
    resolver: zodResolver(CheckoutFormSchema),
    defaultValues: {
      name: user ? `${user.first_name} ${user.last_name}`.trim() : '',
      email: user?.email ?? '',
      phone: user?.phone || DEFAULT_PHONE_PREFIX,
      special_instructions: '',
    },
  });

  const settings = restaurant.data?.admin_settings;
  const gatewaySettings = settings?.payment_gateway;
  // Scripts load only when test_mode is explicitly false (backoffice-reservations.md §5).
  const testPaymentsAllowed = restaurant.data?.test_payments_allowed;
  const gateway = useMemo(() => paymentGatewayOf(gatewaySettings, testPaymentsAllowed), [gatewaySettings, testPaymentsAllowed]);
  const vipOnly = restaurant.data?.vip_only_checkout === true;
  const vipOk = !vipOnly || vipCode !== null;
  const quoteIssues = quote.data?.issues ?? issuesFromError(quote.error);
  const issues = orderIssues.length > 0 ? orderIssues : quoteIssues;
  const quoteReady = Boolean(quote.data) && !quote.isPlaceholderData && !quote.isFetching;
  // A staff order waits for its discount list, so it is never paid at the full price by accident.
  const staffOrderReady = !staffOrderOn || staffOrder.discount !== undefined;
  // The pickup time: the customer's choice while the quote still offers it, else its first offer
  // ("as soon as possible" while open, otherwise the next open slot).
  const pickup = quote.data?.pickup;
  const choices = pickupChoices(pickup);
  const chosenPickup = choices.includes(pickupChoice) ? pickupChoice : (choices[0] ?? ASAP);
  const canPay = quoteReady && quoteIssues.length === 0 && vipOk && !restaurant.isPending && staffOrderReady && choices.length > 0;
  const signature = JSON.stringify({ lines, promoCode: activePromo, vipCode, staffDiscount });
  // The server's refusals of a staff order's fields: from the quote, or from the last submit.
  const shownStaffErrors: StaffOrderErrors = { ...staffOrderErrorsFrom(quote.error), ...staffErrors };

  const onStripeReady = useCallback((confirm: StripeConfirm | null) => {
    stripeConfirm.current = confirm;
  }, []);

  const currentAttempt = () => {
    if (attempt.current?.signature !== signature) {
      attempt.current = { signature, key: newIdempotencyKey(), paidPaymentId: null, pendingPaymentId: null };
    }
    return attempt.current;
  };

  const paymentInput = () => ({
    restaurant_id: restaurantId,
    items: lines,
    ...(activePromo ? { promo_code: activePromo } : {}),
    ...(vipCode ? { vip_code: vipCode } : {}),
    ...(staffDiscount !== undefined ? { staff_discount_id: staffDiscount } : {}),
  });

  const startPayment = async (): Promise<PaymentCreateOutput> => {
    try {
      return await createPayment.mutateAsync(paymentInput());
    } catch (error) {
      const found = issuesFromError(error);
      if (found.length > 0) throw new CheckoutStop(CheckoutMessages.cartHasIssues, found);
      const fields = staffOrderErrorsFrom(error);
      if (error instanceof ApiError && hasStaffOrderErrors(fields)) throw new CheckoutStop(error.message, [], fields);
      if (error instanceof ApiError && error.status === 503) throw new CheckoutStop(CheckoutMessages.paymentNotAvailable);
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) throw new CheckoutStop(error.message);
      throw new CheckoutStop(CheckoutMessages.checkoutFailed);
    }
  };

  /** Pays (or reuses this attempt's successful payment) and returns the payment id. */
  const pay = async (contact: CheckoutFormOutput): Promise<string> => {
    const current = currentAttempt();
    if (current.paidPaymentId) return current.paidPaymentId;
    const payment = await startPayment();
    if (payment.processor === 'test') {
      try {
        const result = await confirmPayment.mutateAsync({ paymentId: payment.payment_id, card: toCardInput(card) });
        if (result.status !== 'authorized' && result.status !== 'captured') throw new CheckoutStop(paymentFailedMessage(CheckoutMessages.cardDeclined));
      } catch (error) {
        if (error instanceof CheckoutStop) throw error;
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) throw new CheckoutStop(paymentFailedMessage(error.message));
        throw new CheckoutStop(CheckoutMessages.checkoutFailed);
      }
    } else if (payment.processor === 'stripe' && payment.client_secret && stripeConfirm.current) {
      try {
        await stripeConfirm.current(payment.client_secret, { name: contact.name, email: contact.email, phone: contact.phone });
      } catch (error) {
        throw new CheckoutStop(paymentFailedMessage(error instanceof Error ? error.message : CheckoutMessages.checkoutFailed));
      }
    } else {
      throw new CheckoutStop(CheckoutMessages.paymentNotAvailable);
    }
    current.paidPaymentId = payment.payment_id;
    return payment.payment_id;
  };

  const placeOrder = async (contact: CheckoutFormOutput, paymentId: string) => {
    const { key } = currentAttempt();
    try {
      const order = await createOrder.mutateAsync({
        idempotencyKey: key,
        input: {
          restaurant_id: restaurantId,
          items: lines,
          contact: { name: contact.name, email: contact.email, phone: contact.phone },
          ...(contact.special_instructions ? { special_instructions: contact.special_instructions } : {}),
          ...(activePromo ? { promo_code: activePromo } : {}),
          ...(vipCode ? { vip_code: vipCode } : {}),
          ...(staffOrderOn ? { staff_member_name: staffOrder.memberName } : {}),
          ...(staffDiscount !== undefined ? { staff_discount_id: staffDiscount } : {}),
          ...(chosenPickup !== ASAP ? { pickup_time: chosenPickup } : {}),
          payment_id: paymentId,
        },
      });
      navigate(`/order-confirmation/${order.id}?token=${encodeURIComponent(order.access_token)}`, { state: { order } });
      clearCart();
    } catch (error) {
      const found = issuesFromError(error);
      // The pickup time refused (the restaurant closed meanwhile, or the slot passed): the new offers.
      if (found.length === 0 && error instanceof ApiError && error.fields.pickup_time) {
        setPickupError(error.fields.pickup_time);
        void quote.refetch();
        throw new CheckoutStop(error.fields.pickup_time);
      }
      const fields = staffOrderErrorsFrom(error);
      if (found.length === 0 && error instanceof ApiError && hasStaffOrderErrors(fields)) throw new CheckoutStop(error.message, [], fields);
      // 403 'Only staff can place a staff order.' (a role changed since sign-in): the server's words.
      if (found.length === 0 && error instanceof ApiError && error.status === 403) throw new CheckoutStop(error.message);
      throw new CheckoutStop(found.length > 0 ? CheckoutMessages.cartHasIssues : CheckoutMessages.placeOrderFailed, found);
    }
  };

  const run = async (task: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    setFormError(null);
    setOrderIssues([]);
    setStaffErrors({});
    try {
      await task();
    } catch (error) {
      const stop = error instanceof CheckoutStop ? error : new CheckoutStop(CheckoutMessages.checkoutFailed);
      // A refused field shows its message on that field (and takes the focus), not in a banner.
      const onFields = hasStaffOrderErrors(stop.fields);
      setFormError(onFields ? null : stop.message);
      setStaffErrors(stop.fields);
      if (onFields) focusAfterSubmit.current = firstStaffError(stop.fields);
      setOrderIssues(stop.issues);
      if (stop.issues.length > 0) void quote.refetch();
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  /** The staff member is required on a staff order (the server says so too). */
  const staffOrderProblems = (): boolean => {
    if (!staffOrderOn || staffOrder.memberName) return false;
    setStaffErrors({ staff_member_name: CheckoutMessages.staffMemberRequired });
    return true;
  };

  const submitValues = async (values: CheckoutFormOutput) => {
    if (staffOrderProblems()) {
      focusStaffField('staff_member_name');
      return;
    }
    if (!vipOk) {
      setVipError(PromotionMessages.vipRequired);
      return;
    }
    if (gateway.kind === 'test') {
      const problems = testCardErrors(card);
      setCardErrors(problems);
      if (Object.keys(problems).length > 0) return;
    }
    await run(async () => {
      const paymentId = await pay(values);
      await placeOrder(values, paymentId);
    });
  };

  const onStaffOrderChange = (next: StaffOrderValue) => {
    const sameSwitch = next.enabled === staffOrder.enabled;
    // A changed field drops its own error only.
    setStaffErrors(({ staff_member_name, staff_discount_id, promo_code }) => ({
      ...(sameSwitch && next.memberName === staffOrder.memberName && staff_member_name ? { staff_member_name } : {}),
      ...(sameSwitch && next.discount === staffOrder.discount && staff_discount_id ? { staff_discount_id } : {}),
      ...(sameSwitch && next.discount === staffOrder.discount && promo_code ? { promo_code } : {}),
    }));
    setStaffOrder(next);
    if (staffDiscountId(next) !== undefined) {
      setPromoCode(null);
      setPromoInput('');
      setPromoError(null);
    }
  };

  // After a refused submit the controls are enabled again: move the focus to the field to fix.
  useEffect(() => {
    if (submitting || !focusAfterSubmit.current) return;
    focusStaffField(focusAfterSubmit.current);
    focusAfterSubmit.current = null;
  }, [submitting, staffErrors]);

  const onApplyPromo = async () => {
    const code = promoInput.trim();
    if (!code || !quote.data || staffDiscount !== undefined) return;
    setPromoError(null);
    try {
      const result = await applyPromo.mutateAsync({ restaurant_id: restaurantId, code, total: quote.data.total });
      setPromoCode(result.codeUsed);
    } catch (error) {
      setPromoError(error instanceof ApiError && error.status === 422 ? error.message || PromotionMessages.invalidPromo : PromotionMessages.promoApplyFailed);
    }
  };

  const onValidateVip = async () => {
    const code = vipInput.trim();
    if (!code) {
      setVipError(PromotionMessages.vipRequired);
      return;
    }
    setVipError(null);
    try {
      const result = await validateVip.mutateAsync(code);
      if (result.valid) setVipCode(code);
      else setVipError(PromotionMessages.invalidVip);
    } catch (error) {
      setVipCode(null);
      setVipError(error instanceof ApiError && (error.status === 401 || error.status === 422) ? PromotionMessages.invalidVip : PromotionMessages.vipValidateFailed);
    }
  };

  // The same place the order will carry and the confirmation will show: a custom pickup location,
  // else the restaurant's address; the spec's 'Barrigada, Guam' only when the record has neither.
  const pickupLocation = restaurant.data?.custom_pickup_location || restaurant.data?.address || RestaurantDefaults.pickupAddress;
  const estimate = quote.data?.pickup_estimate ?? pickupEstimate(null);
  const discountCents = quote.data?.discount_cents ?? 0;
  const promoFieldError = promoError ?? shownStaffErrors.promo_code;

  return {
    restaurantId,
    restaurant,
    settings,
    cartItems,
    quote,
    issues,
    canPay,
    submitting,
    formError,
    form: {
      register,
      errors,
      onSubmit: (event: FormEvent<HTMLFormElement>) =>
        void handleSubmit(submitValues, () => {
          // The contact form's errors and the staff member's show together.
          staffOrderProblems();
        })(event),
    },
    staff: { isStaffUser, order: staffOrder, onChange: onStaffOrderChange, errors: shownStaffErrors },
    pickup: {
      offer: pickup,
      chosen: chosenPickup,
      choose: (value: string) => {
        setPickupChoice(value);
        setPickupError(undefined);
      },
      error: pickupError,
      estimate,
      location: pickupLocation,
    },
    vip: { only: vipOnly, ok: vipOk, input: vipInput, setInput: setVipInput, code: vipCode, error: vipError, validate: onValidateVip, validating: validateVip.isPending },
    promo: {
      input: promoInput,
      setInput: setPromoInput,
      active: activePromo,
      error: promoFieldError,
      apply: onApplyPromo,
      applying: applyPromo.isPending,
      remove: () => {
        setPromoCode(null);
        setPromoInput('');
      },
      /** A staff discount replaces the promo code. */
      staffDiscount,
      discountCents,
    },
    payment: {
      gateway,
      card,
      cardErrors,
      setCard,
      onStripeReady,
      payPal: {
        canStart: async () => vipOk && canPay && !staffOrderProblems() && (await trigger()),
        createOrder: async () => {
          const payment = await startPayment();
          if (!payment.paypal_order_id) throw new CheckoutStop(CheckoutMessages.paymentNotAvailable);
          currentAttempt().pendingPaymentId = payment.payment_id;
          return payment.paypal_order_id;
        },
        onApproved: () =>
          run(async () => {
            const current = currentAttempt();
            current.paidPaymentId ??= current.pendingPaymentId;
            if (!current.paidPaymentId) throw new CheckoutStop(CheckoutMessages.paymentNotAvailable);
            await placeOrder(CheckoutFormSchema.parse(getValues()), current.paidPaymentId);
          }),
        onError: (message: string) => setFormError(paymentFailedMessage(message)),
      },
    },
  };
}

/** The first refused field, in the order the page shows them. */
function firstStaffError(errors: StaffOrderErrors): keyof StaffOrderErrors | null {
  if (errors.staff_member_name) return 'staff_member_name';
  if (errors.staff_discount_id) return 'staff_discount_id';
  return errors.promo_code ? 'promo_code' : null;
}

function focusStaffField(field: keyof StaffOrderErrors): void {
  const target =
    field === 'staff_member_name'
      ? document.getElementById(STAFF_MEMBER_FIELD_ID)
      : field === 'staff_discount_id'
        ? (document.querySelector<HTMLElement>(`#${STAFF_DISCOUNT_GROUP_ID} input:checked`) ?? document.querySelector<HTMLElement>(`#${STAFF_DISCOUNT_GROUP_ID} input`))
        : document.getElementById(PROMO_FIELD_ID);
  target?.focus();
}
