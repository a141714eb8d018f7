import { ShoppingBag } from 'lucide-react';
import { Link } from 'wouter';
import { pluralize } from '../../../lib/format.ts';
import { selectWholesaleCartTotalCents, useCartFundraiser } from '../../../stores/wholesale-cart-actions.ts';
import { selectWholesaleCartCount, useWholesaleCartStore } from '../../../stores/wholesale-cart-store.ts';
import { money } from '../utils.ts';

/** The bottom cart bar of the fundraiser screens: count, total and the way to the cart. */
export function CartBar() {
  const count = useWholesaleCartStore(selectWholesaleCartCount);
  const total = useWholesaleCartStore(selectWholesaleCartTotalCents);
  const fundraiser = useCartFundraiser();
  if (count === 0) return null;
  return (
    <div className="sticky bottom-0 z-30 -mx-4 mt-8 border-t border-line bg-surface-raised px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] sm:-mx-6 sm:px-6">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3">
        <p className="min-w-0 flex-1 text-sm">
          <span className="font-semibold">{pluralize(count, 'item')}</span> · {money(total)}
          {fundraiser?.name ? <span className="block truncate text-ink-muted">Supporting: {fundraiser.name}</span> : null}
        </p>
        <Link href="/wholesale/cart" className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand px-4 font-semibold text-on-brand hover:bg-brand-strong">
          <ShoppingBag aria-hidden="true" className="size-5" />
          View Cart
        </Link>
      </div>
    </div>
  );
}
