import { memo } from 'react';
import { Shirt } from 'lucide-react';
import { lowStockNotice, merchandiseStockLabel, sortedSizes, type MerchandiseItemOutput } from '@kusina/domain/merchandise';
import { dollarsToCents, formatUSD } from '@kusina/domain/money';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { isItemInStock, itemVariants, priceRange } from '../utils/merchandise-filters.ts';
import { LazyImage } from '../../../components/ui/lazy-image.tsx';

/** '$25.00', or 'From $25.00' when variants cost different amounts. */
export function priceText(item: MerchandiseItemOutput): string {
  const { min, max } = priceRange(item);
  return min === max ? formatUSD(dollarsToCents(min)) : `From ${formatUSD(dollarsToCents(min))}`;
}

/** 'XS – 5XL', 'S', or null for items without sizes. */
export function sizeSpan(item: MerchandiseItemOutput): string | null {
  const sizes = sortedSizes(itemVariants(item));
  if (sizes.length === 0) return null;
  return sizes.length === 1 ? sizes[0]! : `${sizes[0]} – ${sizes[sizes.length - 1]}`;
}

export function colorCount(item: MerchandiseItemOutput): number {
  return new Set(itemVariants(item).map((v) => v.color).filter(Boolean)).size;
}

export interface MerchandiseCardProps {
  item: MerchandiseItemOutput;
  priority?: boolean;
  /** The shop's first card: its image has high priority (LazyImage). */
  lead?: boolean;
  onQuickView(item: MerchandiseItemOutput): void;
}

/**
 * A shop card: image (the second image on hover), name, price or "from" price, sizes and colours,
 * and the stock words of §5/§9 ('Only N left' at 3 or fewer, else 'N left' / 'N in stock'); a
 * sold-out item says so and stays viewable. The whole card opens the Quick View; its button is the
 * one focusable control.
 */
/** Memoised, as the menu's cards (0079): the shop re-renders for its filters and dialogs, a card only for its item. */
export const MerchandiseCard = memo(function MerchandiseCard({ item, priority = false, lead = false, onQuickView }: MerchandiseCardProps) {
  const soldOut = !isItemInStock(item);
  const stock = soldOut ? null : (lowStockNotice(item.available_quantity) ?? merchandiseStockLabel(item.available_quantity));
  const low = !soldOut && lowStockNotice(item.available_quantity) !== null;
  const sizes = sizeSpan(item);
  const colors = colorCount(item);
  const nameId = `merchandise-${item.id}-name`;

  return (
    <article
      aria-labelledby={nameId}
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface-raised shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md"
    >
      <div className="relative aspect-square w-full">
        <LazyImage
          src={item.image_url}
          alt=""
          priority={priority}
          lead={lead}
          placeholder={<Shirt aria-hidden="true" className="size-10" />}
          className={cn('size-full transition-opacity', soldOut && 'opacity-60')}
        />
        {item.second_image_url && !soldOut ? (
          // The back of the shirt on hover, as shops do; decorative. Only where there is a pointer that
          // hovers: elsewhere it is not displayed, and a lazy image that is not displayed is never
          // fetched (a phone used to download every card's back, 0082).
          <img
            src={item.second_image_url}
            alt=""
            width={400}
            height={400}
            loading="lazy"
            decoding="async"
            data-testid="card-back-image"
            className="pointer-events-none absolute inset-0 hidden size-full object-cover opacity-0 transition-opacity duration-300 motion-safe:group-hover:opacity-100 [@media(hover:hover)]:block"
          />
        ) : null}
        {soldOut ? (
          <Badge tone="neutral" className="absolute top-2 left-2 shadow-sm">
            Sold out
          </Badge>
        ) : low ? (
          <Badge tone="warning" className="absolute top-2 left-2 shadow-sm">
            {stock}
          </Badge>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 p-3 sm:p-4">
        {item.category_name ? <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{item.category_name}</p> : null}
        <h3 id={nameId} className="font-display text-base leading-snug font-bold sm:text-lg">
          {item.name}
        </h3>
        <p className="font-bold tabular-nums" data-testid="merchandise-price">
          {priceText(item)}
        </p>
        {sizes || colors > 1 ? (
          <p className="text-xs text-ink-muted sm:text-sm">{[sizes, colors > 1 ? `${colors} colors` : null].filter(Boolean).join(' · ')}</p>
        ) : null}
        {soldOut ? (
          <p className="text-sm font-semibold text-danger-ink">Out of stock</p>
        ) : stock && !low ? (
          <p className="text-sm text-ink-muted">{stock}</p>
        ) : null}
        <div className="mt-auto pt-2">
          <button
            type="button"
            onClick={() => onQuickView(item)}
            aria-haspopup="dialog"
            className={cn(
              'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border px-3 text-sm font-semibold transition-colors',
              soldOut ? 'border-line-strong bg-surface text-ink hover:bg-surface-muted' : 'border-brand bg-brand text-on-brand hover:bg-brand-strong',
              "after:absolute after:inset-0 after:content-['']",
            )}
          >
            Quick View<span className="sr-only"> of {item.name}</span>
          </button>
        </div>
      </div>
    </article>
  );
});
