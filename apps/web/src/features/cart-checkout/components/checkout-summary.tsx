import { CheckoutMessages } from '@kusina/domain/checkout';
import { formatUSD } from '@kusina/domain/money';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { staffDiscountLabel } from '../../../lib/staff-order.ts';
import { StaffOrderText } from '../../../lib/staff-order-messages.ts';
import { PROMO_FIELD_ID, type useCheckout } from '../use-checkout.ts';
import { issueText } from '../utils/issues.ts';

/** Offline, checkout says why it cannot place the order (the cart is kept for later). */
export const CheckoutOfflineText = {
  title: 'Checkout needs a connection',
  body: 'You are offline. Your cart is saved on this device; reconnect to pay and place your order.',
} as const;

/** The checkout's Order Summary (storefront.md §4): the server's quote, the promo code, the cart's issues and Place Order. */
export function CheckoutSummary({ checkout, online }: { checkout: ReturnType<typeof useCheckout>; online: boolean }) {
  const { cartItems, quote, issues, canPay, submitting, formError, vip, promo, payment } = checkout;
  return (
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
  );
}
