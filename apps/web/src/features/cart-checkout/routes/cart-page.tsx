import { useMemo, useState } from 'react';
import { Clock, Shirt, ShoppingBag, Trash2 } from 'lucide-react';
import { isCartLowStock, requiresAdvanceNotice, type MenuItemOutput } from '@kusina/domain/menu';
import { formatUSD } from '@kusina/domain/money';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { getRestaurantId } from '../../../lib/restaurant-id.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { cartLineKey, clearCart, removeCartItem, updateCartItemNotes, updateCartItemQuantity } from '../../../stores/cart-actions.ts';
import { countItems, useCartStore, type CartItem } from '../../../stores/cart-store.ts';
import type { CheckoutIssue } from '../../../lib/checkout-contracts.ts';
import { useMenu } from '../../../lib/menu.ts';
import { useMerchandiseItems } from '../../merchandise/api/get-merchandise-items.ts';
import { useCheckoutQuote } from '../api/quote-checkout.ts';
import { LazyImage } from '../../../components/ui/lazy-image.tsx';
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx';
import { PickupText } from '../../../lib/pickup-messages.ts';
import { estimatedSubtotalCents, isFoodLine, lineUnitCents, lowStockLeft, stockProblem, toQuoteLines } from '../../../lib/cart-stock.ts';
import { cartLineLabel, issuesFromError, issueText } from '../utils/issues.ts';
import { indexVariants, isMerchandiseLine, merchandiseAddProblem, variantQuantityInCart, type VariantEntry } from '../../../lib/merchandise-cart.ts';

export function CartPage() {
  useDocumentTitle('Your Cart');
  const cartItems = useCartStore((state) => state.cartItems);
  const menu = useMenu();
  const itemsById = useMemo(() => new Map((menu.data?.items ?? []).map((item) => [item.id, item])), [menu.data]);
  const hasMerchandise = cartItems.some(isMerchandiseLine);
  const merchandise = useMerchandiseItems({ enabled: hasMerchandise });
  const variantsById = useMemo(() => indexVariants(merchandise.data ?? []), [merchandise.data]);
  const lines = useMemo(() => toQuoteLines(cartItems), [cartItems]);
  const quote = useCheckoutQuote({ restaurant_id: getRestaurantId(), items: lines });

  if (cartItems.length === 0) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-16 text-center">
        <ShoppingBag aria-hidden="true" className="mx-auto size-14 text-ink-subtle" />
        <h1 className="mt-4 font-display text-3xl font-bold">Your cart is empty</h1>
        <p className="mt-2 text-ink-muted">Find something delicious on our menu.</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/menu" size="lg">
            Browse the Menu
          </ButtonLink>
          <ButtonLink to="/merchandise" size="lg" variant="secondary">
            Shop Merchandise
          </ButtonLink>
        </div>
      </div>
    );
  }

  const foodLines = cartItems.filter(isFoodLine);
  const issues = quote.data?.issues ?? issuesFromError(quote.error);
  const quoteFailed = quote.isError && issues.length === 0;
  const needsNotice =
    quote.data?.requires_advance_notice ?? foodLines.some((line) => requiresAdvanceNotice(itemsById.get(line.id)?.advance_notice_hours));
  const serverFigures = quote.data && !quote.isPlaceholderData ? quote.data : null;
  const subtotalCents = serverFigures ? serverFigures.subtotal_cents : estimatedSubtotalCents(cartItems);
  const foodSubtotalCents = serverFigures ? serverFigures.food_subtotal_cents : estimatedSubtotalCents(foodLines);
  const merchandiseSubtotalCents = serverFigures ? serverFigures.merchandise_subtotal_cents : estimatedSubtotalCents(cartItems.filter(isMerchandiseLine));
  const checking = quote.isFetching;
  const blocked = issues.length > 0 || checking || quoteFailed;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">
      <div className="mb-6 flex items-end justify-between gap-4">
        <h1 className="font-display text-3xl font-bold sm:text-4xl">Your Cart</h1>
        <Button variant="ghost" size="sm" onClick={clearCart}>
          Clear cart
        </Button>
      </div>
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <section aria-label="Cart items" className="space-y-4">
          {needsNotice ? (
            <Alert tone="warning" title="Advance notice required">
              Your order includes items that need 24 hours notice. It will be ready for pickup in about 24 hours.
            </Alert>
          ) : null}
          {issues.length > 0 ? (
            <Alert tone="error" title="Please fix these items before checkout">
              <ul className="list-disc space-y-1 pl-5">
                {issues.map((issue, index) => (
                  <li key={`${issue.line ?? ''}-${issue.option_id ?? ''}-${index}`}>{issueText(issue, cartItems)}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          <ul className="space-y-4">
            {cartItems.map((line, index) => (
              <CartLine
                key={cartLineKey(line)}
                line={line}
                menuItem={isFoodLine(line) ? itemsById.get(line.id) : undefined}
                variant={isMerchandiseLine(line) && line.variant_id !== undefined ? variantsById.get(line.variant_id) : undefined}
                issues={issues.filter((issue) => issue.line === index)}
              />
            ))}
          </ul>
        </section>

        <aside aria-labelledby="cart-summary" className="h-fit space-y-4 rounded-2xl border border-line bg-surface-raised p-5 shadow-sm lg:sticky lg:top-24">
          <h2 id="cart-summary" className="text-lg font-bold">
            Order Summary
          </h2>
          <dl className="space-y-2">
            <div className="flex justify-between">
              <dt className="text-ink-muted">Items</dt>
              <dd className="tabular-nums">{countItems(cartItems)}</dd>
            </div>
            {hasMerchandise ? (
              <>
                <div className="flex justify-between">
                  <dt className="text-ink-muted">Food subtotal</dt>
                  <dd className="tabular-nums">{formatUSD(foodSubtotalCents)}</dd>
                </div>
                <div className="flex justify-between">
                  <dt className="text-ink-muted">Merchandise subtotal</dt>
                  <dd className="tabular-nums">{formatUSD(merchandiseSubtotalCents)}</dd>
                </div>
              </>
            ) : null}
            <div className="flex justify-between text-lg font-bold">
              <dt>Subtotal</dt>
              <dd className="tabular-nums" aria-live="polite">
                {formatUSD(subtotalCents)}
              </dd>
            </div>
          </dl>
          <p className="text-sm text-ink-muted">Promo codes and the final total are shown at checkout.</p>
          {quoteFailed ? (
            <Alert tone="error">
              <p>We could not check your cart right now.</p>
              <Button variant="secondary" size="sm" className="mt-2" onClick={() => void quote.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : null}
          {blocked ? (
            <Button block size="lg" disabled loading={checking}>
              {checking ? 'Checking your cart…' : 'Proceed to Checkout'}
            </Button>
          ) : (
            <ButtonLink to="/checkout" block size="lg">
              Proceed to Checkout
            </ButtonLink>
          )}
          <ButtonLink to="/menu" variant="secondary" block>
            Continue Shopping
          </ButtonLink>
          <ButtonLink to="/merchandise" variant="ghost" block>
            Shop Merchandise
          </ButtonLink>
        </aside>
      </div>
    </div>
  );
}

function describeCustomizations(customizations: CartItem['customizations']): string[] {
  return Object.entries(customizations ?? {})
    .filter(([, names]) => names.length > 0)
    .map(([group, names]) => `${group}: ${names.join(', ')}`);
}

/** 'Low stock: only N left.' for a merchandise line whose variant is within the cart's quantity plus 2. */
function variantLowStockLeft(cartItems: readonly CartItem[], entry: VariantEntry | undefined): number | null {
  const available = entry?.variant.available_quantity ?? null;
  if (!entry || available === null) return null;
  return isCartLowStock(available, variantQuantityInCart(cartItems, entry.variant.id)) ? available : null;
}

interface CartLineProps {
  line: CartItem;
  menuItem: MenuItemOutput | undefined;
  /** A merchandise line's variant as the shop last listed it (its stock limits the quantity). */
  variant: VariantEntry | undefined;
  /** The server's issues for this line (quote or order refusal). */
  issues: CheckoutIssue[];
}

function CartLine({ line, menuItem, variant, issues }: CartLineProps) {
  const key = cartLineKey(line);
  const cartItems = useCartStore((state) => state.cartItems);
  const [message, setMessage] = useState<string | null>(null);
  const unitCents = lineUnitCents(line);
  const merchandiseLine = isMerchandiseLine(line);
  const lowLeft = merchandiseLine ? variantLowStockLeft(cartItems, variant) : lowStockLeft(cartItems, menuItem);
  const details = describeCustomizations(line.customizations);
  // Two sizes of one shirt are two lines: their controls are named with the size and colour.
  const label = merchandiseLine ? cartLineLabel(line) : line.name;

  const increase = () => {
    const problem = merchandiseLine
      ? variant
        ? merchandiseAddProblem(cartItems, variant.item, variant.variant, 1)
        : null
      : menuItem
        ? stockProblem(cartItems, menuItem, line.selectedOptions, 1)
        : null;
    if (problem) {
      setMessage(problem);
      return;
    }
    setMessage(null);
    updateCartItemQuantity(key, line.quantity + 1);
  };

  return (
    <li className="flex gap-4 rounded-2xl border border-line bg-surface-raised p-4 shadow-sm">
      <LazyImage
        src={line.image ?? null}
        alt=""
        priority
        placeholder={merchandiseLine ? <Shirt aria-hidden="true" className="size-8" /> : undefined}
        className="size-20 shrink-0 rounded-xl sm:size-24"
      />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="font-bold">{line.name}</h3>
            {line.variant_details?.size || line.variant_details?.color ? (
              <p className="text-sm text-ink-muted">
                {[line.variant_details.size ? `Size: ${line.variant_details.size}` : null, line.variant_details.color ? `Color: ${line.variant_details.color}` : null]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            ) : null}
            {details.length > 0 ? (
              <ul aria-label={`Customisations of ${line.name}`} className="text-sm text-ink-muted">
                {details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            ) : null}
            <p className="text-sm text-ink-muted tabular-nums">{formatUSD(unitCents)} each</p>
          </div>
          <p className="shrink-0 font-bold tabular-nums">{formatUSD(unitCents * line.quantity)}</p>
        </div>
        {requiresAdvanceNotice(menuItem?.advance_notice_hours) ? (
          <p className="flex items-center gap-1.5 text-sm font-medium text-warning-ink">
            <Clock aria-hidden="true" className="size-4" />
            {PickupText.requiresNotice}
          </p>
        ) : null}
        {lowLeft !== null ? <p className="text-sm font-semibold text-warning-ink">Low stock: only {lowLeft} left.</p> : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <QuantityStepper value={line.quantity} itemName={label} onDecrease={() => { setMessage(null); updateCartItemQuantity(key, line.quantity - 1); }} onIncrease={increase} />
          <Button variant="ghost" size="sm" onClick={() => removeCartItem(key)} icon={<Trash2 aria-hidden="true" className="size-4" />} aria-label={`Remove ${label}`}>
            Remove
          </Button>
        </div>
        {message ? <Alert tone="error">{message}</Alert> : null}
        {issues.map((issue, index) => (
          <p key={`${issue.code}-${issue.option_id ?? ''}-${index}`} className="text-sm font-semibold text-danger-ink" data-testid="line-issue">
            {issue.message}
          </p>
        ))}
        <FormField label={`Notes for ${label}`}>
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              maxLength={500}
              value={line.notes ?? ''}
              placeholder={merchandiseLine ? 'e.g. a gift, please' : 'e.g. no onions'}
              onChange={(event) => updateCartItemNotes(key, event.target.value)}
            />
          )}
        </FormField>
      </div>
    </li>
  );
}
