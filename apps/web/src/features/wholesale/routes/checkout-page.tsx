import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { checkoutFieldErrors, pickupText, WholesaleMessages, WHOLESALE_CART_CLEAR_DELAY_MS, WHOLESALE_DEFAULT_PHONE_PREFIX, WHOLESALE_DEFAULT_PICKUP_LOCATION } from '@kusina/domain/wholesale';
import { RestaurantDefaults } from '@kusina/domain/restaurants';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EMPTY_TEST_CARD, TestCardFields, testCardErrors, toCardInput, type TestCardValue } from '../../../components/ui/test-card-fields.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useRestaurant } from '../../../lib/restaurant.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { clearWholesaleCart, selectWholesaleCartTotalCents } from '../../../stores/wholesale-cart-actions.ts';
import { useNamedCartFundraiser } from '../api/use-named-cart-fundraiser.ts';
import { useWholesaleCartStore } from '../../../stores/wholesale-cart-store.ts';
import type { CartIssue } from '../api/contracts.ts';
import { useFundraiser } from '../api/get-fundraiser.ts';
import { confirmTestPayment, createOrder, openPayment } from '../api/place-order.ts';
import { validateCart } from '../api/validate-cart.ts';
import { rememberedParticipant } from '../participant-link.ts';
import { money } from '../utils.ts';

type Busy = null | 'validating' | 'payment' | 'order';

function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

/** /wholesale/checkout (§2, §4, §5): contact, read-only pickup, participant, notes, card, summary, Place Order. */
export function CheckoutPage() {
  useDocumentTitle('Checkout');
  const items = useWholesaleCartStore((s) => s.items);
  const cartFundraiser = useNamedCartFundraiser();
  const total = useWholesaleCartStore(selectWholesaleCartTotalCents);
  const user = useAuthStore((s) => s.user);
  const restaurant = useRestaurant();
  const [, navigate] = useLocation();
  const fundraiser = useFundraiser(cartFundraiser?.slug ?? '');
  const [placed, setPlaced] = useState(false);

  const [form, setForm] = useState({
    customerName: user ? `${user.first_name} ${user.last_name}`.trim() : '',
    customerEmail: user?.email ?? '',
    customerPhone: user?.phone || WHOLESALE_DEFAULT_PHONE_PREFIX,
    pickupLocation: WHOLESALE_DEFAULT_PICKUP_LOCATION,
    notes: '',
  });
  // undefined: not chosen yet; null: general support (§3 Checkout form).
  const [participantId, setParticipantId] = useState<number | null | undefined>(() => (cartFundraiser ? (rememberedParticipant(cartFundraiser.id) ?? undefined) : undefined));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [card, setCard] = useState<TestCardValue>(EMPTY_TEST_CARD);
  const [cardErrors, setCardErrors] = useState<Partial<Record<keyof TestCardValue, string>>>({});
  const [busy, setBusy] = useState<Busy>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [issues, setIssues] = useState<CartIssue[]>([]);
  // One key per checkout visit: a retry of the same order is answered with the order already placed.
  const [idempotencyKey] = useState(newIdempotencyKey);

  const gateway = restaurant.data?.admin_settings?.payment_gateway;
  // Test mode (the default) uses the built-in test processor; a live processor needs its key.
  const paymentReady = !gateway || gateway.test_mode !== false;

  useEffect(() => {
    if (items.length === 0 && !placed) {
      const timer = setTimeout(() => navigate('/wholesale', { replace: true }), 1500);
      return () => clearTimeout(timer);
    }
  }, [items.length, navigate, placed]);

  const participants = useMemo(() => fundraiser.data?.participants ?? [], [fundraiser.data]);
  // A fundraiser without participants has only general support to choose.
  const participantChoice = participantId === undefined && fundraiser.data && participants.length === 0 ? null : participantId;

  if (items.length === 0 && !placed) {
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
  };
  const blank = !form.customerName.trim() || !form.customerEmail.trim() || !form.customerPhone.trim();
  const disabled = busy !== null || blank || participantChoice === undefined || !f || !paymentReady;

  const placeOrder = async () => {
    setFailure(null);
    const fieldErrors = checkoutFieldErrors(form);
    const problems = testCardErrors(card);
    setErrors(fieldErrors);
    setCardErrors(problems);
    if (Object.keys(fieldErrors).length > 0 || Object.keys(problems).length > 0 || !f) return;
    try {
      // The cart is validated again before payment (§5).
      setBusy('validating');
      const validation = await validateCart(items);
      if (!validation.data.valid) {
        setIssues(validation.data.issues);
        setFailure(WholesaleMessages.needsAttention);
        return;
      }
      setIssues([]);
      setBusy('payment');
      let paymentId: string;
      try {
        const payment = await openPayment(f.id, items);
        paymentId = payment.payment_id;
        await confirmTestPayment(paymentId, toCardInput(card));
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          setIssues(((error.details as { issues?: CartIssue[] } | undefined)?.issues) ?? []);
          setFailure(WholesaleMessages.needsAttention);
        } else if (error instanceof ApiError && error.status === 402) {
          setFailure(`${WholesaleMessages.paymentFailed} (${error.message})`);
        } else setFailure(WholesaleMessages.paymentFailed);
        return;
      }
      setBusy('order');
      const order = await createOrder({
        fundraiserId: f.id,
        lines: items,
        paymentId,
        idempotencyKey,
        order: {
          customerName: form.customerName.trim(),
          customerEmail: form.customerEmail.trim(),
          customerPhone: form.customerPhone.trim(),
          shippingAddress: pickup,
          notes: form.notes.trim() || null,
          participantId: participantChoice ?? null,
        },
      });
      setPlaced(true);
      navigate(`/wholesale/orders/${order.id}/confirmation${order.access_token ? `?token=${encodeURIComponent(order.access_token)}` : ''}`, { state: { order } });
      setTimeout(clearWholesaleCart, WHOLESALE_CART_CLEAR_DELAY_MS);
    } catch (error) {
      if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k.replace(/^order\./, ''), v])));
      }
      setFailure(error instanceof ApiError && error.status < 500 && error.status !== 0 ? error.message || WholesaleMessages.createOrderFailed : WholesaleMessages.placeOrderFailed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="font-display text-3xl font-bold">Checkout</h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <form
          className="space-y-8"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void placeOrder();
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
            {paymentReady ? (
              <TestCardFields value={card} errors={cardErrors} onChange={(v) => { setCard(v); setCardErrors({}); }} disabled={busy !== null} />
            ) : (
              <Alert tone="error">{WholesaleMessages.paymentUnavailable}</Alert>
            )}
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
          <Button type="submit" form="wholesale-checkout" block size="lg" className="mt-4" disabled={disabled} loading={busy !== null}>
            {busy === 'order' ? 'Creating Order...' : busy === 'payment' ? 'Processing Payment...' : 'Place Order'}
          </Button>
          {participantChoice === undefined && f ? <p className="mt-2 text-sm text-ink-muted">Choose who you are supporting to place the order.</p> : null}
        </aside>
      </div>
    </div>
  );
}
