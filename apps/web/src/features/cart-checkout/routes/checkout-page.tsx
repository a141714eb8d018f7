import { lazy, Suspense } from 'react';
import { Clock, Lock, MapPin } from 'lucide-react';
import { CheckoutMessages } from '@kusina/domain/checkout';
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
import { PickupText } from '../../../lib/pickup-messages.ts';
import { StaffOrderText } from '../../../lib/staff-order-messages.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { CheckoutSummary } from '../components/checkout-summary.tsx';
import { ASAP, PickupTimeField } from '../components/pickup-time-field.tsx';
import { useCheckout } from '../use-checkout.ts';
import { formatPickupTime } from '../utils/pickup-time.ts';

// Staff only (issue #5): the section, its requests and its words are a chunk customers never download.
const StaffOrderSection = lazy(() => import('../components/staff-order-section.tsx').then((module) => ({ default: module.StaffOrderSection })));

/** /checkout (storefront.md §2, §4): contact, staff order, pickup, VIP code, payment and the order summary; the flow is useCheckout's. */
export function CheckoutPage() {
  const online = useOnline();
  useDocumentTitle('Checkout');
  const checkout = useCheckout();
  const { restaurantId, restaurant, settings, cartItems, quote, submitting, form, staff, pickup, vip, payment } = checkout;

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

        <CheckoutSummary checkout={checkout} online={online} />
      </form>
    </div>
  );
}
