import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { cartPrecheck, checkoutFieldErrors, pickupText, WholesaleMessages, WHOLESALE_DEFAULT_PHONE_PREFIX, WHOLESALE_DEFAULT_PICKUP_LOCATION } from '@kusina/domain/wholesale';
import { RestaurantDefaults } from '@kusina/domain/restaurants';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { paymentGatewayOf } from '../../../components/payment/live-payment.tsx';
import { PaymentStep } from '../../../components/payment/payment-step.tsx';
import { TestModeBanner } from '../../../components/ui/test-mode-banner.tsx';
import { EMPTY_TEST_CARD, testCardErrors, type TestCardValue } from '../../../components/payment/test-card-fields.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useRestaurant } from '../../../lib/restaurant.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { selectWholesaleCartTotalCents } from '../../../stores/wholesale-cart-actions.ts';
import { useNamedCartFundraiser } from '../api/use-named-cart-fundraiser.ts';
import { useWholesaleCartStore } from '../../../stores/wholesale-cart-store.ts';
import { useFundraiser } from '../api/get-fundraiser.ts';
import { useFundraisers } from '../api/get-fundraisers.ts';
import { rememberedParticipant } from '../participant-link.ts';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { useWholesaleCheckout, type CheckoutOrder } from '../use-wholesale-checkout.ts';
import { orderAmounts } from '@kusina/domain/supporter-rules';
import { donationOf, EMPTY_SUPPORT_EXTRAS, SupportExtras } from '../components/support-extras.tsx';
import { money } from '../utils.ts';

const NO_LINES: never[] = [];

/**
 * /wholesale/checkout (§2, §4, §5): contact, read-only pickup, participant, notes, card, summary,
 * Place Order; with a donation, the round-up and the supporters wall choice (issue #36). With
 * `donateSlug` (/wholesale/{slug}/donate) it is a donation-only checkout: no cart, a donation.
 */
export function CheckoutPage({ donateSlug }: { donateSlug?: string } = {}) {
  const donationOnly = donateSlug !== undefined;
  useDocumentTitle(donationOnly ? 'Donate' : 'Checkout');
  const cartItems = useWholesaleCartStore((s) => s.items);
  const items = donationOnly ? NO_LINES : cartItems;
  const namedCartFundraiser = useNamedCartFundraiser();
  const cartFundraiser = donationOnly ? null : namedCartFundraiser;
  const cartTotal = useWholesaleCartStore(selectWholesaleCartTotalCents);
  const itemsTotal = donationOnly ? 0 : cartTotal;
  const user = useAuthStore((s) => s.user);
  const restaurant = useRestaurant();
  const [, navigate] = useLocation();
  const fundraiser = useFundraiser(donateSlug ?? cartFundraiser?.slug ?? '');
  const list = useFundraisers('');
  const checkout = useWholesaleCheckout();
  const { busy, failure, issues, placed } = checkout;

  // The pickup-day text (decision 0123): only when the supporter asks for it.
  const [pickupReminder, setPickupReminder] = useState(false);
  const [form, setForm] = useState({
    // Prefill (§5): the user's name, or first plus last name; phone defaults to +1671.
    customerName: user ? user.name?.trim() || `${user.first_name} ${user.last_name}`.trim() : '',
    customerEmail: user?.email ?? '',
    customerPhone: user?.phone || WHOLESALE_DEFAULT_PHONE_PREFIX,
    pickupLocation: WHOLESALE_DEFAULT_PICKUP_LOCATION,
    notes: '',
  });
  // undefined: not chosen yet; null: general support (§3 Checkout form).
  const [participantId, setParticipantId] = useState<number | null | undefined>(() => (cartFundraiser ? (rememberedParticipant(cartFundraiser.id) ?? undefined) : undefined));
  const [fieldErrors, setErrors] = useState<Record<string, string>>({});
  const [card, setCard] = useState<TestCardValue>(EMPTY_TEST_CARD);
  const [cardErrors, setCardErrors] = useState<Partial<Record<keyof TestCardValue, string>>>({});
  const [extras, setExtras] = useState(EMPTY_SUPPORT_EXTRAS);
  const [showDonationError, setShowDonationError] = useState(false);
  const errors = { ...checkout.fields, ...fieldErrors };
  const donation = donationOf(extras, donationOnly);
  // What the server will charge (it computes it again; the payment must hold its total).
  const amounts = orderAmounts(itemsTotal, { donation_cents: donation.cents, round_up: extras.roundUp });
  const total = amounts.totalCents;

  // The storefront's processors (§3 payment_gateway): the test card while in test mode, else the
  // live Stripe or PayPal form; 'Payment System Unavailable…' only when no card processor is configured.
  const gateway = useMemo(() => paymentGatewayOf(restaurant.data?.admin_settings?.payment_gateway, restaurant.data?.test_payments_allowed), [restaurant.data]);
  const paymentReady = gateway.kind !== 'invalid' && gateway.kind !== 'unavailable';

  useEffect(() => {
    if (items.length === 0 && !placed && !donationOnly) {
      const timer = setTimeout(() => navigate('/wholesale', { replace: true }), 1500);
      return () => clearTimeout(timer);
    }
  }, [items.length, navigate, placed, donationOnly]);

  // The cart's fundraiser closed or vanished while the cart waited: say so (the pickup details and
  // Place Order would otherwise wait for it forever) and send the supporter back to the cart.
  const unnamedAndGone = cartFundraiser !== null && !cartFundraiser.slug && list.data !== undefined && !list.data.some((x) => x.id === cartFundraiser.id);
  const closedStatus = fundraiser.error instanceof ApiError && (fundraiser.error.status === 403 || fundraiser.error.status === 404);
  // A cart whose lines name no fundraiser (or two): 'No fundraiser selected' (§5).
  const noFundraiser = items.length > 0 ? cartPrecheck(items, cartFundraiser?.id) : null;
  const fundraiserProblem =
    noFundraiser ?? (unnamedAndGone ? WholesaleMessages.fundraiserInactive : fundraiser.isError ? errorMessage(fundraiser.error, WholesaleMessages.fundraiserLoadRetry) : null);

  const participants = useMemo(() => fundraiser.data?.participants ?? [], [fundraiser.data]);
  // A fundraiser without participants has only general support to choose.
  // A donation-only visit keeps the participant whose link brought the supporter, as the cart does.
  const remembered = donationOnly && participantId === undefined && fundraiser.data ? rememberedParticipant(fundraiser.data.id) : null;
  const participantChoice = participantId === undefined && fundraiser.data && participants.length === 0 ? null : (remembered ?? participantId);

  if (items.length === 0 && !placed && !donationOnly) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-16 text-center sm:px-6">
        <h1 className="font-display text-3xl font-bold">Cart is Empty</h1>
        <p className="mt-2 text-ink-muted">Taking you back to the fundraisers…</p>
      </div>
    );
  }

  const f = fundraiser.data;
  const pickup = f ? pickupText(f, restaurant.data?.address ?? RestaurantDefaults.pickupAddress) : '';
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    checkout.clearField(field);
  };
  const blank = !form.customerName.trim() || !form.customerEmail.trim() || !form.customerPhone.trim();
  const disabled = busy !== null || blank || participantChoice === undefined || !f || !paymentReady || (donationOnly && donation.cents <= 0);

  const order = (): CheckoutOrder | null =>
    f
      ? {
          fundraiserId: f.id,
          lines: items,
          customer: {
            customerName: form.customerName.trim(),
            customerEmail: form.customerEmail.trim(),
            customerPhone: form.customerPhone.trim(),
            shippingAddress: pickup,
            notes: form.notes.trim() || null,
            participantId: participantChoice ?? null,
            ...(pickupReminder ? { pickupReminder: true } : {}),
            supporterDisplay: extras.display,
          },
          donationCents: donation.cents,
          roundUp: extras.roundUp,
        }
      : null;

  /** §5's field rules (and the test card's), shown on the fields; true when all hold. */
  const fieldsHold = (withCard: boolean): boolean => {
    const found = checkoutFieldErrors(form);
    const problems = withCard ? testCardErrors(card) : {};
    setErrors(found);
    setCardErrors(problems);
    setShowDonationError(donation.error !== null);
    return Object.keys(found).length === 0 && Object.keys(problems).length === 0 && participantChoice !== undefined && donation.error === null;
  };

  const placeOrder = () => {
    const next = order();
    // Place Order pays by test card or Stripe only: PayPal's buttons pay, and without a processor nothing can.
    if (!fieldsHold(gateway.kind === 'test') || !next || gateway.kind === 'paypal' || !paymentReady) return;
    void checkout.placeOrder(next, card);
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="font-display text-3xl font-bold">{donationOnly ? 'Donate' : 'Checkout'}</h1>
      {donationOnly && f ? <p className="mt-1 text-ink-muted">Make a donation to {f.name}.</p> : null}
      {restaurant.data ? <TestModeBanner restaurant={restaurant.data} audience="checkout" className="mt-4" /> : null}
      {fundraiserProblem ? (
        <Alert tone="error" className="mt-4" title={closedStatus || unnamedAndGone || noFundraiser ? undefined : WholesaleMessages.fundraiserLoadFailed}>
          <p>{fundraiserProblem}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {!closedStatus && !unnamedAndGone && !noFundraiser ? (
              <Button variant="secondary" size="sm" onClick={() => void fundraiser.refetch()}>
                Try Again
              </Button>
            ) : null}
            <Link href="/wholesale/cart" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
              Review your cart
            </Link>
          </div>
        </Alert>
      ) : null}
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <form
          className="space-y-8"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            placeOrder();
          }}
          id="wholesale-checkout"
        >
          <section aria-labelledby="customer-heading" className="space-y-4">
            <h2 id="customer-heading" className="font-display text-xl font-bold">
              Customer Information
            </h2>
            <TextField label="Name" name="name" autoComplete="name" required value={form.customerName} onChange={set('customerName')} error={errors.customerName} />
            <TextField label="Email" name="email" type="email" autoComplete="email" required value={form.customerEmail} onChange={set('customerEmail')} error={errors.customerEmail} />
            <TextField label="Phone" name="phone" type="tel" autoComplete="tel" required value={form.customerPhone} onChange={set('customerPhone')} error={errors.customerPhone} />
            <CheckboxField label="Text me a reminder with the pickup window on pickup day" checked={pickupReminder} onChange={(e) => setPickupReminder(e.target.checked)} />
          </section>

          <section aria-labelledby="pickup-heading">
            <h2 id="pickup-heading" className="font-display text-xl font-bold">
              Pickup Location
            </h2>
            {f ? (
              <div className="mt-3 rounded-xl border border-line bg-surface-muted p-4 text-sm">
                <p className="font-semibold">{f.pickup_display_name ?? 'Pickup'}</p>
                <p>{f.pickup_display_address ?? restaurant.data?.address ?? RestaurantDefaults.pickupAddress}</p>
                {f.pickup_hours ? <p>{f.pickup_hours}</p> : null}
                {f.pickup_instructions ? <p className="mt-1 text-ink-muted">{f.pickup_instructions}</p> : null}
              </div>
            ) : fundraiserProblem ? (
              <p className="mt-3 text-ink-muted">Pickup details are not available.</p>
            ) : (
              <p className="mt-3 text-ink-muted">Loading pickup details…</p>
            )}
            {errors.pickupLocation ? <p className="mt-1 text-sm text-danger-ink">{errors.pickupLocation}</p> : null}
          </section>

          <fieldset className="space-y-2">
            <legend className="font-display text-xl font-bold">Who are you supporting?</legend>
            <p className="text-sm text-ink-muted">Choose a participant to credit, or general support of the organisation.</p>
            {participants.map((p) => (
              <label key={p.id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 has-[:checked]:border-brand">
                <input type="radio" name="participant" className="size-5 accent-brand" checked={participantChoice === p.id} onChange={() => setParticipantId(p.id)} />
                {p.name}
              </label>
            ))}
            <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 has-[:checked]:border-brand">
              <input type="radio" name="participant" className="size-5 accent-brand" checked={participantChoice === null} onChange={() => setParticipantId(null)} />
              General organisation support
            </label>
            {errors.participantId ? <p className="text-sm text-danger-ink">{errors.participantId}</p> : null}
          </fieldset>

          <SupportExtras
            value={extras}
            onChange={(next) => {
              setExtras(next);
              setShowDonationError(false);
              checkout.clearField('donation_cents');
            }}
            itemsCents={itemsTotal}
            customerName={form.customerName}
            donationError={(showDonationError || extras.donation.trim() !== '' ? donation.error : null) ?? errors.donation_cents ?? null}
            donationOnly={donationOnly}
          />

          <section aria-labelledby="notes-heading">
            <h2 id="notes-heading" className="font-display text-xl font-bold">
              Order Notes
            </h2>
            <label htmlFor="order-notes" className="sr-only">
              Order notes
            </label>
            <Textarea id="order-notes" className="mt-3" rows={3} maxLength={2000} value={form.notes} onChange={set('notes')} placeholder="Anything we should know? (optional)" />
          </section>

          <section aria-labelledby="payment-heading" className="space-y-3">
            <h2 id="payment-heading" className="font-display text-xl font-bold">
              Payment
            </h2>
            <PaymentStep
              gateway={gateway}
              pending={restaurant.isPending}
              loading={<p className="text-ink-muted">Loading payment options…</p>}
              card={card}
              cardErrors={cardErrors}
              onCardChange={(v) => {
                setCard(v);
                setCardErrors({});
              }}
              disabled={busy !== null}
              onStripeReady={checkout.onStripeReady}
              payPal={{
                canStart: async () => {
                  // The field rules show their messages first, as Place Order's submit does.
                  const holds = fieldsHold(false);
                  const next = order();
                  return holds && !disabled && next !== null && (await checkout.payPal.start(next));
                },
                createOrder: () => checkout.payPal.createOrder(order()!),
                onApproved: () => checkout.payPal.approved(order()!),
                onError: checkout.payPal.error,
              }}
              noProcessorMessage={() => WholesaleMessages.paymentUnavailable}
            />
          </section>
        </form>

        <aside aria-labelledby="summary-heading" className="h-fit rounded-2xl border border-line bg-surface-raised p-5 lg:sticky lg:top-24">
          <h2 id="summary-heading" className="font-display text-xl font-bold">
            Order Summary
          </h2>
          {cartFundraiser?.name ? <p className="mt-1 text-sm text-ink-muted">Supporting: {cartFundraiser.name}</p> : null}
          <ul className="mt-4 space-y-2 text-sm">
            {items.map((l) => (
              <li key={l.id} className="flex justify-between gap-3">
                <span>
                  {l.quantity} × {l.name}
                  {Object.values(l.selectedOptions ?? {}).length > 0 ? <span className="block text-ink-muted">{Object.values(l.selectedOptions ?? {}).flat().join(', ')}</span> : null}
                </span>
                <span>{money(l.priceCents * l.quantity)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-4 space-y-1 border-t border-line pt-3 text-sm">
            {amounts.donationCents > 0 ? (
              <div className="flex justify-between">
                <dt>Donation</dt>
                <dd>{money(amounts.donationCents)}</dd>
              </div>
            ) : null}
            {amounts.roundUpCents > 0 ? (
              <div className="flex justify-between">
                <dt>Round-up</dt>
                <dd>{money(amounts.roundUpCents)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between">
              <dt>Shipping</dt>
              <dd>Free</dd>
            </div>
            <div className="flex justify-between text-base font-bold">
              <dt>Total</dt>
              <dd>{money(total)}</dd>
            </div>
          </dl>
          {failure ? (
            <Alert tone="error" className="mt-4" title={failure}>
              {issues.length > 0 ? (
                <ul className="list-disc pl-5">
                  {issues.map((i, n) => (
                    <li key={n}>{i.message}</li>
                  ))}
                </ul>
              ) : null}
              {issues.length > 0 ? (
                <Button variant="link" size="sm" onClick={() => navigate('/wholesale/cart')}>
                  Review your cart
                </Button>
              ) : null}
            </Alert>
          ) : null}
          {gateway.kind === 'paypal' ? (
            <p className="mt-4 text-sm text-ink-muted">{busy === 'order' ? 'Creating Order...' : 'Pay with the PayPal buttons in the Payment section to place the order.'}</p>
          ) : (
            <Button type="submit" form="wholesale-checkout" block size="lg" className="mt-4" disabled={disabled} loading={busy !== null}>
              {busy === 'order' ? 'Creating Order...' : busy === 'payment' ? 'Processing Payment...' : 'Place Order'}
            </Button>
          )}
          {participantChoice === undefined && f ? <p className="mt-2 text-sm text-ink-muted">Choose who you are supporting to place the order.</p> : null}
        </aside>
      </div>
    </div>
  );
}
