import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { cn } from '../../lib/cn.ts';
import { CartIcon } from '../../components/ui/icons.tsx';
import { pluralize } from '../../lib/format.ts';
import { selectCartCount, useCartStore } from '../../stores/cart-store.ts';
import { selectWholesaleCartCount, useWholesaleCartStore } from '../../stores/wholesale-cart-store.ts';

/**
 * The header cart: the regular cart, or on /wholesale paths the fundraiser cart with a W marker.
 * The badge bounces for 300 ms when the count rises (not when it falls; never with reduced motion).
 */
export function CartLink() {
  const [pathname] = useLocation();
  const wholesale = pathname === '/wholesale' || pathname.startsWith('/wholesale/');
  const regularCount = useCartStore(selectCartCount);
  const wholesaleCount = useWholesaleCartStore(selectWholesaleCartCount);
  const count = wholesale ? wholesaleCount : regularCount;

  // Adjusting state while rendering (react.dev "storing information from previous renders"):
  // a rise re-keys the badge, which replays its one-shot CSS animation.
  const [previous, setPrevious] = useState({ count, wholesale });
  const [bounces, setBounces] = useState(0);
  if (previous.count !== count || previous.wholesale !== wholesale) {
    setPrevious({ count, wholesale });
    if (previous.wholesale === wholesale && count > previous.count) setBounces((n) => n + 1);
  }

  const label = `${wholesale ? 'Fundraiser cart' : 'Cart'}, ${pluralize(count, 'item')}`;
  return (
    <Link
      to={wholesale ? '/wholesale/cart' : '/cart'}
      aria-label={label}
      className="relative inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-surface-muted"
    >
      <CartIcon className="size-6" />
      {wholesale ? (
        <span aria-hidden="true" className="absolute bottom-1 left-0.5 rounded bg-ink px-1 text-[10px] leading-4 font-bold text-surface">
          W
        </span>
      ) : null}
      {count > 0 ? (
        <span
          key={bounces}
          aria-hidden="true"
          data-testid="cart-badge"
          data-bounce={bounces > 0 ? 'true' : undefined}
          className={cn(
            'absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1 text-xs font-bold text-on-brand ring-2 ring-surface',
            bounces > 0 && 'motion-safe:animate-badge-bounce',
          )}
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
