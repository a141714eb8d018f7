import { lazy, Suspense } from 'react';
import { Clock, Lock, MapPin } from 'lucide-react';
import { CheckoutMessages } from '@kusina/domain/checkout';
import { formatUSD } from '@kusina/domain/money';
import { PromotionMessages } from '@kusina/domain/promotions';
import { PaymentScriptText } from '../../../components/payment/live-payment.tsx';
import { PaymentStep } from '../../../components/payment/payment-step.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TestModeBanner } from '../../../components/ui/test-mode-banner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { PickupText } from '../../../lib/pickup-messages.ts';
import { staffDiscountLabel } from '../../../lib/staff-order.ts';
import { StaffOrderText } from '../../../lib/staff-order-messages.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { ASAP, PickupTimeField } from '../components/pickup-time-field.tsx';
import { useCheckout, PROMO_FIELD_ID } from '../use-checkout.ts';
import { issueText } from '../utils/issues.ts';
import { formatPickupTime } from '../utils/pickup-time.ts';

// Staff only (issue #5): the section, its requests and its words are a chunk customers never download.
const StaffOrderSection = lazy(() => import('../components/staff-order-section.tsx').then((module) => ({ default: module.StaffOrderSection })));

/** Offline, checkout says why it cannot place the order (the cart is kept for later). */
export const CheckoutOfflineText = {
  title: 'Checkout needs a connection',
  body: 'You are offline. Your cart is saved on this device; reconnect to pay and place your order.',
} as const;

/** /checkout (storefront.md §2, §4): contact, staff order, pickup, VIP code, payment and the order summary; the flow is useCheckout's. */
export function CheckoutPage() {
  const online = useOnline();
  useDocumentTitle('Checkout');
  const { restaurantId, restaurant, settings, cartItems, quote, issues, canPay, submitting, formError, form, staff, pickup, vip, promo, payment } = useCheckout();

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

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <h1 className="mb-6 font-display text-3xl font-bold sm:text-4xl">Checkout</h1>
      {restaurant.data ? <TestModeBanner restaurant={restaurant.data} audience="checkout" className="mb-6" /> : null}
      <form
        noValidate
        onSubmit={form.onSubmit}
        className="grid gap-8 lg:grid-cols-[1fr_22rem]"
        aria-busy={submitting}
      >
        <div className="space-y-8">
          <section aria-labelledby="contact-title" className="space-y-4">
            <h2 id="contact-title" className="text-xl font-bold">
              Contact Information
            </h2>
            <TextField label="Name" autoComplete="name" required error={form.errors.name?.message} {...form.register('name')} />
            <TextField label="Email" type="email" inputMode="email" autoComplete="email" required error={form.errors.email?.message} {...form.register('email')} />
            <TextField label="Phone" type="tel" inputMode="tel" autoComplete="tel" required hint="e.g. +16711234567" error={form.errors.phone?.message} {...form.register('phone')} />
            <FormField label="Special instructions" error={form.errors.special_instructions?.message}>
              {(control) => <Textarea {...control} rows={3} maxLength={1000} placeholder="Anything the kitchen should know?" {...form.register('special_instructions')} />}
            </FormField>
          </section>

          {staff.isStaffUser ? (
            <Suspense
              fallback={
                <div role="status" aria-label={StaffOrderText.loadingSection}>
                  <Skeleton className="h-32 w-full rounded-2xl" />
                </div>
              }
            >
              <StaffOrderSection restaurantId={restaurantId} value={staff.order} onChange={staff.onChange} errors={staff.errors} disabled={submitting} />
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
                {pickup.location}
              </span>
            </p>
            <p className="flex items-start gap-2">
              <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-ink" />
              <span>
                <span className="block font-semibold">Hours</span>
                {pickup.offer ? `Today ${pickup.offer.hours_today}` : PickupText.hours}
                {pickup.offer ? (
                  <span className="block text-sm text-ink-muted" data-testid="open-state">
                    {pickup.offer.state_text}
                  </span>
                ) : null}
              </span>
            </p>
            {pickup.offer ? (
              <PickupTimeField
                pickup={pickup.offer}
                value={pickup.chosen}
                onChange={pickup.choose}
                estimate={pickup.estimate}
                error={pickup.error}
                disabled={submitting}
              />
            ) : null}
            <p>
              <span className="font-semibold">Estimated pickup: </span>
              <span data-testid="pickup-estimate">{pickup.chosen === ASAP || !pickup.offer ? pickup.estimate : formatPickupTime(pickup.chosen, pickup.offer.time_zone)}</span>
            </p>
            {quote.data?.requires_advance_notice ? (
              <Alert tone="warning" title="Advance notice required">
                Your order includes items that need at least 24 hours notice.
              </Alert>
            ) : null}
            {settings?.custom_pickup_instructions ? <p className="text-sm text-ink-muted">{settings.custom_pickup_instructions}</p> : null}
          </section>

          {vip.only ? (
            <section aria-labelledby="vip-title" className="space-y-3">
              <h2 id="vip-title" className="text-xl font-bold">
                VIP Access
              </h2>
              <p className="text-sm text-ink-muted">Checkout is open to VIP guests. Enter your VIP code to continue.</p>
              <FormField label="VIP code" error={vip.error ?? undefined} hint={vip.code ? 'VIP code accepted' : undefined}>
                {(control) => (
                  <div className="flex gap-2">
                    <Input
                      {...control}
                      value={vip.input}
                      autoComplete="off"
                      autoCapitalize="characters"
                      disabled={vip.code !== null}
                      onChange={(event) => vip.setInput(event.target.value)}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter') {
                          event.preventDefault();
                          void vip.validate();
                        }
                      }}
                    />
                    <Button variant="secondary" onClick={() => void vip.validate()} loading={vip.validating} disabled={vip.code !== null}>
                      {vip.code ? 'Validated' : 'Validate'}
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
            {!vip.ok ? (
              <Alert tone="info">{PromotionMessages.vipRequired}</Alert>
            ) : (
              <PaymentStep
                gateway={payment.gateway}
                pending={restaurant.isPending}
                loading={<Skeleton className="h-40 w-full" />}
                card={payment.card}
                cardErrors={payment.cardErrors}
                onCardChange={payment.setCard}
                disabled={submitting}
                onStripeReady={payment.onStripeReady}
                payPal={payment.payPal}
                noProcessorMessage={(gateway) => (gateway.kind === 'unavailable' ? CheckoutMessages.paymentNotAvailable : PaymentScriptText.invalidProcessor(gateway.processor))}
              />
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
                {promo.discountCents > 0 ? (
                  <div className="flex justify-between text-success-ink">
                    <dt>
                      {quote.data.staff_discount
                        ? StaffOrderText.staffDiscountLine(staffDiscountLabel(quote.data.staff_discount.name, quote.data.staff_discount.discount_percentage))
                        : `Discount${quote.data.promo_code ? ` (${quote.data.promo_code})` : ''}`}
                    </dt>
                    <dd className="tabular-nums">−{formatUSD(promo.discountCents)}</dd>
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
            error={promo.error}
            hint={promo.staffDiscount !== undefined && promo.error !== CheckoutMessages.staffDiscountWithPromo ? CheckoutMessages.staffDiscountWithPromo : undefined}
          >
            {(control) => (
              <div className="flex gap-2">
                <Input
                  {...control}
                  value={promo.input}
                  autoComplete="off"
                  autoCapitalize="characters"
                  disabled={promo.staffDiscount !== undefined}
                  onChange={(event) => promo.setInput(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      void promo.apply();
                    }
                  }}
                />
                <Button variant="secondary" onClick={() => void promo.apply()} loading={promo.applying} disabled={!quote.data || !promo.input.trim() || promo.staffDiscount !== undefined}>
                  Apply
                </Button>
              </div>
            )}
          </FormField>
          {promo.active ? (
            <p role="status" className="flex items-center justify-between gap-2 text-sm text-success-ink">
              <span>
                Promo code <strong>{promo.active}</strong> applied
                {quote.data && !quote.isPlaceholderData && promo.discountCents > 0 ? `: −${formatUSD(promo.discountCents)}, new total ${formatUSD(quote.data.total_cents)}` : ''}
              </span>
              <Button
                variant="link"
                size="sm"
                onClick={promo.remove}
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
          {payment.gateway.kind === 'paypal' && vip.ok ? null : (
            <Button type="submit" block size="lg" loading={submitting} disabled={!canPay || payment.gateway.kind === 'invalid' || payment.gateway.kind === 'unavailable' || !online}>
              Place Order
            </Button>
          )}
          <p className="text-center text-xs text-ink-muted">Pickup only. You pay now; we start cooking when staff accept your order.</p>
        </aside>
      </form>
    </div>
  );
}
