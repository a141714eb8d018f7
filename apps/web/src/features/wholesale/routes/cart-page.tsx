import { useEffect, useState } from 'react';
import { ImageOff } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { cartPrecheck, cartValidationMessage, fixCart, fixResultMessage, stockHint, WholesaleMessages, WHOLESALE_FIX_MESSAGE_MS } from '@kusina/domain/wholesale';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { pluralize } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  clearWholesaleCart,
  removeWholesaleLine,
  replaceWholesaleLines,
  selectWholesaleCartTotalCents,
  setWholesaleQuantity,
} from '../../../stores/wholesale-cart-actions.ts';
import { selectWholesaleCartCount, useWholesaleCartStore } from '../../../stores/wholesale-cart-store.ts';
import { useNamedCartFundraiser } from '../api/use-named-cart-fundraiser.ts';
import { useCartStock, type LineStock } from '../api/use-cart-stock.ts';
import { useCartValidation } from '../api/use-cart-validation.ts';
import { useFundraiserLive } from '../api/use-wholesale-live.ts';
import { QuantityControl } from '../components/quantity-control.tsx';
import { capitalise, money } from '../utils.ts';

/**
 * A line's maximum and stock hint (§5) from the server's current stock: 'Loading inventory...' while
 * asking, 'Inventory status unknown' when it could not tell (the maximum known when the line was
 * added bounds the plus control meanwhile).
 */
function lineStock(stock: LineStock | undefined, line: { quantity: number; maxQuantity?: number | null | undefined }): { max: number | null; hint: string | null } {
  if (!stock || stock.state === 'loading') return { max: line.maxQuantity ?? null, hint: stockHint({ max: null, quantity: line.quantity, loading: true }) };
  if (stock.state === 'unknown') return { max: line.maxQuantity ?? null, hint: stockHint({ max: undefined, quantity: line.quantity }) };
  const max = stock.available;
  return { max, hint: stockHint({ max, quantity: line.quantity, status: max === 0 ? 'out_of_stock' : null }) };
}

/** /wholesale/cart (§2): lines with options, SKU, quantity, stock hints; validation and Fix Cart Automatically. */
export function CartPage() {
  useDocumentTitle('Your Cart');
  const items = useWholesaleCartStore((s) => s.items);
  const fundraiser = useNamedCartFundraiser();
  const count = useWholesaleCartStore(selectWholesaleCartCount);
  const total = useWholesaleCartStore(selectWholesaleCartTotalCents);
  // A cart without a known fundraiser is not sent to the server: 'No fundraiser selected' (§5).
  const precheck = items.length > 0 ? cartPrecheck(items, fundraiser?.id) : null;
  const validation = useCartValidation(items, precheck === null);
  const stock = useCartStock(items);
  const [fixMessage, setFixMessage] = useState<string | null>(null);
  const [, navigate] = useLocation();
  useFundraiserLive(fundraiser?.id);

  useEffect(() => {
    if (!fixMessage) return;
    const timer = setTimeout(() => setFixMessage(null), WHOLESALE_FIX_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [fixMessage]);

  if (items.length === 0) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-16 text-center sm:px-6">
        <h1 className="font-display text-3xl font-bold">{WholesaleMessages.cartEmptyTitle}</h1>
        <p className="mt-2 text-ink-muted">Find a fundraiser to support and add its items here.</p>
        {fixMessage ? <p role="status" className="mt-3 text-success-ink">{fixMessage}</p> : null}
        <Link href="/wholesale" className={buttonClasses({ size: 'lg' }) + ' mt-6'}>
          Browse Fundraisers
        </Link>
      </div>
    );
  }

  const issues = validation.data?.data.issues ?? [];
  const issuesByLine = new Map<number, string[]>();
  for (const issue of issues) issuesByLine.set(issue.line, [...(issuesByLine.get(issue.line) ?? []), issue.message || WholesaleMessages.unknownIssue]);

  const fix = () => {
    // A line lowered to the stock left keeps that stock as its maximum: its plus control stops there.
    const capped = items.map((line, index) => {
      const short = issues.find((i) => i.line === index && (i.type === 'insufficient_stock' || i.type === 'variant_insufficient_stock') && (i.available ?? 0) > 0);
      return short ? { ...line, maxQuantity: Math.min(line.maxQuantity ?? Infinity, short.available!) } : line;
    });
    const result = fixCart(capped, issues);
    replaceWholesaleLines(result.lines);
    setFixMessage(fixResultMessage(result));
  };

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 pb-28 sm:px-6 md:pb-8">
      <h1 className="font-display text-3xl font-bold">Your Cart</h1>
      {fundraiser?.name ? <p className="mt-1 text-ink-muted">Supporting: {fundraiser.name}</p> : null}
      <p className="mt-1 text-sm">
        {pluralize(count, 'item')} · <span className="font-semibold">{money(total)}</span>
      </p>

      {precheck ? (
        <Alert tone="error" className="mt-4">
          {precheck}
        </Alert>
      ) : null}
      {validation.isError ? <Alert tone="error" className="mt-4">{errorMessage(validation.error, WholesaleMessages.validateRetry)}</Alert> : null}
      {validation.data && issues.length === 0 && !validation.data.data.valid ? (
        <Alert tone="error" className="mt-4">
          {cartValidationMessage(validation.data.data, validation.data.message)}
        </Alert>
      ) : null}
      {issues.length > 0 ? (
        <Alert tone="warning" className="mt-4" title={WholesaleMessages.needsAttention}>
          <ul className="list-disc pl-5">
            {issues.map((issue, i) => (
              <li key={i}>
                {issue.item_name ? `${issue.item_name}: ` : ''}
                {issue.message}
              </li>
            ))}
          </ul>
          <Button size="sm" className="mt-3" onClick={fix}>
            Fix Cart Automatically
          </Button>
        </Alert>
      ) : null}
      {fixMessage ? (
        <Alert tone={fixMessage.startsWith('✓') ? 'success' : 'info'} className="mt-4">
          {fixMessage}
        </Alert>
      ) : null}

      <ul className="mt-6 divide-y divide-line rounded-2xl border border-line bg-surface-raised">
        {items.map((line, index) => {
          const { max, hint } = lineStock(stock[index], line);
          const lineIssues = issuesByLine.get(index);
          return (
            <li key={line.id} className="flex gap-4 p-4">
              {line.imageUrl ? (
                <img src={line.imageUrl} alt="" className="size-20 shrink-0 rounded-lg object-cover" />
              ) : (
                <div className="flex size-20 shrink-0 items-center justify-center rounded-lg bg-surface-muted">
                  <ImageOff aria-hidden="true" className="size-6 text-ink-muted" />
                </div>
              )}
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="font-semibold">{line.name}</h2>
                    <p className="text-sm text-ink-muted sm:hidden">{money(line.priceCents)} each</p>
                    {Object.entries(line.selectedOptions ?? {}).map(([group, names]) => (
                      <p key={group} className="text-sm">
                        {capitalise(group)}: {names.map(capitalise).join(', ')}
                      </p>
                    ))}
                    {line.sku ? <p className="text-xs text-ink-muted">SKU: {line.sku}</p> : null}
                  </div>
                  <p className="font-semibold">{money(line.priceCents * line.quantity)}</p>
                </div>
                <div className="mt-2 flex flex-wrap items-center gap-3">
                  <QuantityControl value={line.quantity} min={0} max={max ?? 999} itemName={line.name} onChange={(q) => setWholesaleQuantity(line.id, q)} />
                  <Button variant="link" size="sm" onClick={() => removeWholesaleLine(line.id)} aria-label={`Remove ${line.name}`}>
                    Remove
                  </Button>
                </div>
                {hint ? (
                  <p className="mt-1 text-sm text-warning-ink" data-testid={`stock-hint-${line.id}`}>
                    {hint}
                  </p>
                ) : null}
                {lineIssues ? <p className="mt-1 text-sm text-danger-ink">{lineIssues.join(' ')}</p> : null}
              </div>
            </li>
          );
        })}
      </ul>

      <div className="mt-6 hidden flex-wrap items-center justify-between gap-3 md:flex">
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => window.history.back()}>
            Continue Shopping
          </Button>
          <Button variant="ghost" onClick={clearWholesaleCart}>
            Clear Cart
          </Button>
        </div>
        <Button size="lg" onClick={() => navigate('/wholesale/checkout')}>
          Proceed to Checkout
        </Button>
      </div>
      <div className="mt-4 md:hidden">
        <Button variant="ghost" onClick={clearWholesaleCart}>
          Clear Cart
        </Button>
      </div>
      <div className="fixed inset-x-0 bottom-0 z-30 flex gap-2 border-t border-line bg-surface-raised px-4 py-3 md:hidden">
        <Button variant="secondary" className="flex-1" onClick={() => navigate(fundraiser?.slug ? `/wholesale/${fundraiser.slug}` : '/wholesale')}>
          Shop More
        </Button>
        <Button className="flex-1" onClick={() => navigate('/wholesale/checkout')}>
          Checkout · {money(total)}
        </Button>
      </div>
    </div>
  );
}
