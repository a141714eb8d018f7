import { memo } from 'react';
import { addToCartProblem, requiresAdvanceNotice, stockHint, type MenuItemOutput } from '@kusina/domain/menu';
import { formatUSD } from '@kusina/domain/money';
import { Badge } from '../../../components/ui/badge.tsx';
import { ClockIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { VisuallyHidden } from '../../../components/ui/visually-hidden.tsx';
import { cn } from '../../../lib/cn.ts';
import { PickupText } from '../../../lib/pickup-messages.ts';
import { DietaryBadges } from './dietary-badges.tsx';
import { LazyImage } from '../../../components/ui/lazy-image.tsx';
import { preloadCustomizeItemDialog } from './lazy-customize-item-dialog.tsx';
import { preloadAddToCart } from './use-choose-menu-item.ts';

/** In list layout descriptions are cut to 60 characters (storefront.md §9). */
export const LIST_DESCRIPTION_LIMIT = 60;

export function truncate(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}…` : text;
}

export type MenuLayout = 'gallery' | 'list';

export interface MenuItemCardProps {
  item: MenuItemOutput;
  layout?: MenuLayout;
  priority?: boolean;
  /** The list's first card: its image has high priority (LazyImage). */
  lead?: boolean;
  /** The customisation dialog is downloading for this item: the button shows a spinner. */
  opening?: boolean;
  onChoose(item: MenuItemOutput): void;
}

/**
 * Memoised: the menu page re-renders for its own state (the section on screen, the sticky bar's
 * measurements, a search being typed); its dozens of cards only when their own props change (0079).
 */
export const MenuItemCard = memo(function MenuItemCard({ item, layout = 'gallery', priority = false, lead = false, opening = false, onChoose }: MenuItemCardProps) {
  const blocked = addToCartProblem(item);
  // §5's stock display: 'Only N left' at 5 or fewer, 'N in stock' at 20 or fewer, nothing above (or untracked).
  const hint = stockHint(item.available_quantity);
  const hasOptions = item.option_groups.length > 0;
  const isList = layout === 'list';
  const description = isList ? truncate(item.description, LIST_DESCRIPTION_LIMIT) : item.description;

  return (
    <article
      aria-labelledby={`menu-item-${item.id}-name`}
      className={cn(
        'relative flex overflow-hidden rounded-2xl border border-line bg-surface-raised shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md',
        isList ? 'flex-row' : 'flex-col',
        blocked && 'opacity-80',
      )}
    >
      <LazyImage src={item.image} alt="" priority={priority} lead={lead} className={isList ? 'w-28 shrink-0 sm:w-36' : 'aspect-[4/3] w-full'} />
      {item.promo_label ? (
        <Badge tone="brand" className="absolute top-2 left-2 shadow-sm">
          {item.promo_label}
        </Badge>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 id={`menu-item-${item.id}-name`} className="font-display text-lg leading-snug font-bold">
            {item.name}
          </h3>
          <p className="shrink-0 font-bold tabular-nums">{formatUSD(item.price_cents)}</p>
        </div>
        {description ? <p className="text-sm text-ink-muted">{description}</p> : null}
        {item.status_note ? <p className="text-sm font-medium text-info-ink">{item.status_note}</p> : null}
        <DietaryBadges item={item} />
        {requiresAdvanceNotice(item.advance_notice_hours) ? (
          <p className="flex items-center gap-1.5 text-sm font-medium text-warning-ink">
            <ClockIcon className="size-4" />
            {PickupText.requiresNotice}
          </p>
        ) : null}
        {hint && !blocked ? (
          <p className={cn('text-sm', item.stock_status === 'low_stock' ? 'font-semibold text-warning-ink' : 'text-ink-muted')} data-testid="stock-hint">
            {hint}
          </p>
        ) : null}
        {blocked ? <p className="text-sm font-semibold text-danger-ink">{blocked}</p> : null}
        <div className="mt-auto pt-1">
          <button
            type="button"
            disabled={Boolean(blocked)}
            aria-busy={opening || undefined}
            onClick={() => onChoose(item)}
            onPointerEnter={blocked ? undefined : hasOptions ? preloadCustomizeItemDialog : preloadAddToCart}
            onFocus={blocked ? undefined : hasOptions ? preloadCustomizeItemDialog : preloadAddToCart}
            className={cn(
              'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold transition-colors',
              'bg-brand text-on-brand hover:bg-brand-strong disabled:cursor-not-allowed disabled:bg-surface-sunken disabled:text-ink-muted',
              // The whole card is the target; the button stays the one focusable control.
              "after:absolute after:inset-0 after:content-[''] disabled:after:hidden",
              isList ? 'w-full sm:w-auto' : 'w-full',
            )}
          >
            {blocked ? (
              <>
                Unavailable<VisuallyHidden>: {item.name}</VisuallyHidden>
              </>
            ) : hasOptions ? (
              <>
                {opening ? <Spinner size="sm" /> : null}
                Choose Options<VisuallyHidden> for {item.name}</VisuallyHidden>
              </>
            ) : (
              <>
                Add<VisuallyHidden> {item.name}</VisuallyHidden> to Cart
              </>
            )}
          </button>
        </div>
      </div>
    </article>
  );
});
