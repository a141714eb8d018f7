import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation } from 'wouter';
import { z } from 'zod';
import { Clock, Lock, MapPin } from 'lucide-react';
import { CheckoutMessages, ContactInput, paymentFailedMessage, pickupEstimate, type PaymentCreateOutput } from '@kusina/domain/checkout';
import { formatUSD } from '@kusina/domain/money';
import { DEFAULT_PHONE_PREFIX } from '@kusina/domain/phone-format';
import { PromotionMessages } from '@kusina/domain/promotions';
import { RestaurantDefaults } from '@kusina/domain/restaurants';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useRestaurant } from '../../../lib/restaurant.ts';
import { getRestaurantId } from '../../../lib/restaurant-id.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { clearCart } from '../../../stores/cart-actions.ts';
import { useCartStore } from '../../../stores/cart-store.ts';
import { useApplyPromoCode } from '../api/apply-promo-code.ts';
import { useConfirmPayment } from '../api/confirm-payment.ts';
import type { CheckoutIssue } from '../../../lib/checkout-contracts.ts';
import { useCreateOrder } from '../api/create-order.ts';
import { useCreatePayment } from '../api/create-payment.ts';
import { useCheckoutQuote } from '../api/quote-checkout.ts';
import { useValidateVipCode } from '../api/validate-vip-code.ts';
import { paymentGatewayOf, PaymentScriptText, PayPalPayment, StripeCardPayment, type StripeConfirm } from '../../../components/ui/live-payment.tsx';
import { TestModeBanner } from '../../../components/ui/test-mode-banner.tsx';
import { EMPTY_TEST_CARD, TestCardFields, testCardErrors, toCardInput, type TestCardValue } from '../../../components/ui/test-card-fields.tsx';
import { ASAP, pickupChoices, PickupTimeField } from '../components/pickup-time-field.tsx';
import { PickupText } from '../../../lib/pickup-messages.ts';
import { StaffOrderText } from '../../../lib/staff-order-messages.ts';
import { toCheckoutLines, toQuoteLines } from '../../../lib/cart-stock.ts';
import { issuesFromError, issueText } from '../utils/issues.ts';
import { formatPickupTime } from '../utils/pickup-time.ts';
import {
  canPlaceStaffOrder,
  EMPTY_STAFF_ORDER,
  hasStaffOrderErrors,
  STAFF_DISCOUNT_GROUP_ID,
  STAFF_MEMBER_FIELD_ID,
  staffDiscountId,
  staffDiscountLabel,
  staffOrderErrorsFrom,
  type StaffOrderErrors,
  type StaffOrderValue,
} from '../../../lib/staff-order.ts';

// Staff only (issue #5): the section, its requests and its words are a chunk customers never download.
const StaffOrderSection = lazy(() => import('../components/staff-order-section.tsx').then((module) => ({ default: module.StaffOrderSection })));

const PROMO_FIELD_ID = 'promo-code';

const CheckoutFormSchema = ContactInput.extend({
  special_instructions: z.string().trim().max(1000, 'Special instructions are too long'),
});
type CheckoutFormInput = z.input<typeof CheckoutFormSchema>;
type CheckoutFormOutput = z.output<typeof CheckoutFormSchema>;

/** A failure the customer must act on, with the words to show. */
class CheckoutStop extends Error {
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

/** Offline, checkout says why it cannot place the order (the cart is kept for later). */
export const CheckoutOfflineText = {
  title: 'Checkout needs a connection',
  body: 'You are offline. Your cart is saved on this device; reconnect to pay and place your order.',
} as const;

export function CheckoutPage() {
  const online = useOnline();
  useDocumentTitle('Checkout');
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

  if (cartItems.length === 0) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-16 text-center">
        <h1 className="font-display text-3xl font-bold">Checkout</h1>
        <p className="mt-3 text-ink-muted">Your cart is empty.</p>
        <ButtonLink to="/menu" size="lg" className="mt-6">
          Browse the Menu
        </ButtonLink>
      </div>
    );
  }

  // The same place the order will carry and the confirmation will show: a custom pickup location,
  // else the restaurant's address; the spec's 'Barrigada, Guam' only when the record has neither.
  const pickupLocation = restaurant.data?.custom_pickup_location || restaurant.data?.address || RestaurantDefaults.pickupAddress;
  const estimate = quote.data?.pickup_estimate ?? pickupEstimate(null);
  const discountCents = quote.data?.discount_cents ?? 0;
  const promoFieldError = promoError ?? shownStaffErrors.promo_code;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <h1 className="mb-6 font-display text-3xl font-bold sm:text-4xl">Checkout</h1>
      {restaurant.data ? <TestModeBanner restaurant={restaurant.data} audience="checkout" className="mb-6" /> : null}
      <form
        noValidate
        onSubmit={(event) =>
          void handleSubmit(submitValues, () => {
            // The contact form's errors and the staff member's show together.
            staffOrderProblems();
          })(event)
        }
        className="grid gap-8 lg:grid-cols-[1fr_22rem]"
        aria-busy={submitting}
      >
        <div className="space-y-8">
          <section aria-labelledby="contact-title" className="space-y-4">
            <h2 id="contact-title" className="text-xl font-bold">
              Contact Information
            </h2>
            <TextField label="Name" autoComplete="name" required error={errors.name?.message} {...register('name')} />
            <TextField label="Email" type="email" inputMode="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
            <TextField label="Phone" type="tel" inputMode="tel" autoComplete="tel" required hint="e.g. +16711234567" error={errors.phone?.message} {...register('phone')} />
            <FormField label="Special instructions" error={errors.special_instructions?.message}>
              {(control) => <Textarea {...control} rows={3} maxLength={1000} placeholder="Anything the kitchen should know?" {...register('special_instructions')} />}
            </FormField>
          </section>

          {isStaffUser ? (
            <Suspense
              fallback={
                <div role="status" aria-label={StaffOrderText.loadingSection}>
                  <Skeleton className="h-32 w-full rounded-2xl" />
                </div>
              }
            >
              <StaffOrderSection restaurantId={restaurantId} value={staffOrder} onChange={onStaffOrderChange} errors={shownStaffErrors} disabled={submitting} />
            </Suspense>
          ) : null}

          <section aria-labelledby="pickup-title" className="space-y-3 rounded-2xl border border-line bg-surface-muted p-5">
            <h2 id="pickup-title" className="text-xl font-bold">
              Pickup
            </h2>
            {restaurant.isError ? <Alert tone="error">{CheckoutMessages.locationLoadFailed}</Alert> : null}
            <p className="flex items-start gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-ink" />
              <span>
                <span className="block font-semibold">Pickup location</span>
                {pickupLocation}
              </span>
            </p>
            <p className="flex items-start gap-2">
              <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-ink" />
              <span>
                <span className="block font-semibold">Hours</span>
                {pickup ? `Today ${pickup.hours_today}` : PickupText.hours}
                {pickup ? (
                  <span className="block text-sm text-ink-muted" data-testid="open-state">
                    {pickup.state_text}
                  </span>
                ) : null}
              </span>
            </p>
            {pickup ? (
              <PickupTimeField
                pickup={pickup}
                value={chosenPickup}
                onChange={(value) => {
                  setPickupChoice(value);
                  setPickupError(undefined);
                }}
                estimate={estimate}
                error={pickupError}
                disabled={submitting}
              />
            ) : null}
            <p>
              <span className="font-semibold">Estimated pickup: </span>
              <span data-testid="pickup-estimate">{chosenPickup === ASAP || !pickup ? estimate : formatPickupTime(chosenPickup, pickup.time_zone)}</span>
            </p>
            {quote.data?.requires_advance_notice ? (
              <Alert tone="warning" title="Advance notice required">
                Your order includes items that need at least 24 hours notice.
              </Alert>
            ) : null}
            {settings?.custom_pickup_instructions ? <p className="text-sm text-ink-muted">{settings.custom_pickup_instructions}</p> : null}
          </section>

          {vipOnly ? (
            <section aria-labelledby="vip-title" className="space-y-3">
              <h2 id="vip-title" className="text-xl font-bold">
                VIP Access
              </h2>
              <p className="text-sm text-ink-muted">Checkout is open to VIP guests. Enter your VIP code to continue.</p>
              <FormField label="VIP code" error={vipError ?? undefined} hint={vipCode ? 'VIP code accepted' : undefined}>
                {(control) => (
                  <div className="flex gap-2">
                    <Input
                      {...control}
                      value={vipInput}
                      autoComplete="off"
                      autoCapitalize="characters"
                      disabled={vipCode !== null}
                      onChange={(event) => setVipInput(event.target.value)}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter') {
                          event.preventDefault();
                          void onValidateVip();
                        }
                      }}
                    />
                    <Button variant="secondary" onClick={() => void onValidateVip()} loading={validateVip.isPending} disabled={vipCode !== null}>
                      {vipCode ? 'Validated' : 'Validate'}
                    </Button>
                  </div>
                )}
              </FormField>
            </section>
          ) : null}

          <section aria-labelledby="payment-title" className="space-y-4">
            <h2 id="payment-title" className="flex items-center gap-2 text-xl font-bold">
              <Lock aria-hidden="true" className="size-5" />
              Payment
            </h2>
            {!vipOk ? (
              <Alert tone="info">{PromotionMessages.vipRequired}</Alert>
            ) : restaurant.isPending ? (
              <Skeleton className="h-40 w-full" />
            ) : gateway.kind === 'test' ? (
              <TestCardFields value={card} errors={cardErrors} onChange={setCard} disabled={submitting} />
            ) : gateway.kind === 'stripe' ? (
              <StripeCardPayment publishableKey={gateway.publishableKey} onReady={onStripeReady} />
            ) : gateway.kind === 'paypal' ? (
              <PayPalPayment
                clientId={gateway.clientId}
                canStart={async () => vipOk && canPay && !staffOrderProblems() && (await trigger())}
                createOrder={async () => {
                  const payment = await startPayment();
                  if (!payment.paypal_order_id) throw new CheckoutStop(CheckoutMessages.paymentNotAvailable);
                  currentAttempt().pendingPaymentId = payment.payment_id;
                  return payment.paypal_order_id;
                }}
                onApproved={() =>
                  run(async () => {
                    const current = currentAttempt();
                    current.paidPaymentId ??= current.pendingPaymentId;
                    if (!current.paidPaymentId) throw new CheckoutStop(CheckoutMessages.paymentNotAvailable);
                    await placeOrder(CheckoutFormSchema.parse(getValues()), current.paidPaymentId);
                  })
                }
                onError={(message) => setFormError(paymentFailedMessage(message))}
              />
            ) : gateway.kind === 'unavailable' ? (
              <Alert tone="error">{CheckoutMessages.paymentNotAvailable}</Alert>
            ) : (
              <Alert tone="error">{PaymentScriptText.invalidProcessor(gateway.processor)}</Alert>
            )}
          </section>
        </div>

        <aside aria-labelledby="summary-title" className="h-fit space-y-4 rounded-2xl border border-line bg-surface-raised p-5 shadow-sm lg:sticky lg:top-24">
          <h2 id="summary-title" className="text-lg font-bold">
            Order Summary
          </h2>
          {quote.isPending ? (
            <div className="space-y-2" aria-label="Loading order summary" role="status">
              <Skeleton className="h-5 w-full" />
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-6 w-1/2" />
            </div>
          ) : quote.data ? (
            <>
              <ul className="space-y-2 text-sm">
                {quote.data.items.map((line) => {
                  const lineIssues = issues.filter((issue) => issue.line === line.line);
                  const details = line.type === 'merchandise' ? [line.variant_details?.size, line.variant_details?.color].filter(Boolean).join(' / ') : '';
                  return (
                    <li key={line.line}>
                      <div className="flex justify-between gap-3">
                        <span>
                          {line.name}
                          {details ? <span className="text-ink-muted"> ({details})</span> : null} × {line.quantity}
                        </span>
                        <span className="tabular-nums">{formatUSD(line.line_total_cents)}</span>
                      </div>
                      {lineIssues.map((issue, index) => (
                        <p key={index} className="font-semibold text-danger-ink">
                          {issue.message}
                        </p>
                      ))}
                    </li>
                  );
                })}
              </ul>
              <dl className="space-y-1 border-t border-line pt-3" aria-live="polite">
                {quote.data.items.some((line) => line.type === 'merchandise') ? (
                  <>
                    <div className="flex justify-between text-ink-muted">
                      <dt>Food subtotal</dt>
                      <dd className="tabular-nums">{formatUSD(quote.data.food_subtotal_cents)}</dd>
                    </div>
                    <div className="flex justify-between text-ink-muted">
                      <dt>Merchandise subtotal</dt>
                      <dd className="tabular-nums">{formatUSD(quote.data.merchandise_subtotal_cents)}</dd>
                    </div>
                  </>
                ) : null}
                <div className="flex justify-between">
                  <dt>Subtotal</dt>
                  <dd className="tabular-nums">{formatUSD(quote.data.subtotal_cents)}</dd>
                </div>
                {discountCents > 0 ? (
                  <div className="flex justify-between text-success-ink">
                    <dt>
                      {quote.data.staff_discount
                        ? StaffOrderText.staffDiscountLine(staffDiscountLabel(quote.data.staff_discount.name, quote.data.staff_discount.discount_percentage))
                        : `Discount${quote.data.promo_code ? ` (${quote.data.promo_code})` : ''}`}
                    </dt>
                    <dd className="tabular-nums">−{formatUSD(discountCents)}</dd>
                  </div>
                ) : null}
                <div className="flex justify-between text-lg font-bold">
                  <dt>Total</dt>
                  <dd className="tabular-nums" data-testid="order-total">
                    {formatUSD(quote.data.total_cents)}
                  </dd>
                </div>
              </dl>
            </>
          ) : (
            <Alert tone="error">
              <p>{errorMessage(quote.error, CheckoutMessages.checkoutFailed)}</p>
              <Button variant="secondary" size="sm" className="mt-2" onClick={() => void quote.refetch()}>
                Try again
              </Button>
            </Alert>
          )}

          <FormField
            label="Promo code"
            id={PROMO_FIELD_ID}
            error={promoFieldError}
            hint={staffDiscount !== undefined && promoFieldError !== CheckoutMessages.staffDiscountWithPromo ? CheckoutMessages.staffDiscountWithPromo : undefined}
          >
            {(control) => (
              <div className="flex gap-2">
                <Input
                  {...control}
                  value={promoInput}
                  autoComplete="off"
                  autoCapitalize="characters"
                  disabled={staffDiscount !== undefined}
                  onChange={(event) => setPromoInput(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      void onApplyPromo();
                    }
                  }}
                />
                <Button variant="secondary" onClick={() => void onApplyPromo()} loading={applyPromo.isPending} disabled={!quote.data || !promoInput.trim() || staffDiscount !== undefined}>
                  Apply
                </Button>
              </div>
            )}
          </FormField>
          {activePromo ? (
            <p role="status" className="flex items-center justify-between gap-2 text-sm text-success-ink">
              <span>
                Promo code <strong>{activePromo}</strong> applied
                {quote.data && !quote.isPlaceholderData && discountCents > 0 ? `: −${formatUSD(discountCents)}, new total ${formatUSD(quote.data.total_cents)}` : ''}
              </span>
              <Button
                variant="link"
                size="sm"
                onClick={() => {
                  setPromoCode(null);
                  setPromoInput('');
                }}
              >
                Remove
              </Button>
            </p>
          ) : null}

          {issues.length > 0 ? (
            <Alert tone="error" title="Please fix these items before checkout">
              <ul className="list-disc space-y-1 pl-5">
                {issues.map((issue, index) => (
                  <li key={`${issue.line ?? ''}-${index}`}>{issueText(issue, cartItems)}</li>
                ))}
              </ul>
              <ButtonLink to="/cart" variant="link" size="sm">
                Review your cart
              </ButtonLink>
            </Alert>
          ) : null}
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          {online ? null : (
            <Alert tone="warning" title={CheckoutOfflineText.title}>
              {CheckoutOfflineText.body}
            </Alert>
          )}
          {gateway.kind === 'paypal' && vipOk ? null : (
            <Button type="submit" block size="lg" loading={submitting} disabled={!canPay || gateway.kind === 'invalid' || gateway.kind === 'unavailable' || !online}>
              Place Order
            </Button>
          )}
          <p className="text-center text-xs text-ink-muted">Pickup only. You pay now; we start cooking when staff accept your order.</p>
        </aside>
      </form>
    </div>
  );
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
