import { useId, type ReactNode } from 'react';
import { PRICE_FILTER, type PriceBucket } from '@kusina/domain/merchandise';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  AVAILABILITY_FILTERS,
  AVAILABILITY_LABELS,
  bucketKey,
  EMPTY_FILTERS,
  priceMaxLabel,
  toggleValue,
  type AvailabilityFilter,
  type ShopFilters,
} from '../utils/merchandise-filters.ts';

export interface MerchandiseFilterPanelProps {
  filters: ShopFilters;
  sizes: readonly string[];
  colors: readonly string[];
  buckets: readonly PriceBucket[];
  onChange(filters: ShopFilters): void;
  /** Clear All (the desktop panel); the mobile sheet has Reset and Apply instead. */
  showClearAll?: boolean;
}

const toggleClass = (pressed: boolean) =>
  cn(
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border px-3 text-sm font-semibold transition-colors md:min-h-9',
    pressed ? 'border-brand bg-brand text-on-brand' : 'border-line-strong bg-surface text-ink hover:bg-surface-muted',
  );

function FilterGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="space-y-2 border-b border-line pb-4 last:border-b-0">
      <h3 id={id} className="text-sm font-bold">
        {title}
      </h3>
      {children}
    </div>
  );
}

/**
 * The filter panel (storefront.md §2 Merchandise): Size (§9 order), Color, Price (buckets and a
 * 0-100 slider in steps of 10) and Availability. It edits whatever `filters` it is given: the
 * desktop panel edits the applied filters, the mobile sheet a draft it applies on Apply.
 */
export function MerchandiseFilterPanel({ filters, sizes, colors, buckets, onChange, showClearAll = false }: MerchandiseFilterPanelProps) {
  const sliderId = useId();
  const availabilityName = useId();
  const set = (change: Partial<ShopFilters>) => onChange({ ...filters, ...change });

  return (
    <div className="space-y-4">
      {sizes.length > 0 ? (
        <FilterGroup title="Size">
          <div className="flex flex-wrap gap-2">
            {sizes.map((size) => (
              <button key={size} type="button" aria-pressed={filters.sizes.includes(size)} className={toggleClass(filters.sizes.includes(size))} onClick={() => set({ sizes: toggleValue(filters.sizes, size) })}>
                {size}
              </button>
            ))}
          </div>
        </FilterGroup>
      ) : null}

      {colors.length > 0 ? (
        <FilterGroup title="Color">
          <div className="flex flex-wrap gap-2">
            {colors.map((color) => (
              <button
                key={color}
                type="button"
                aria-pressed={filters.colors.includes(color)}
                className={toggleClass(filters.colors.includes(color))}
                onClick={() => set({ colors: toggleValue(filters.colors, color) })}
              >
                {color}
              </button>
            ))}
          </div>
        </FilterGroup>
      ) : null}

      <FilterGroup title="Price">
        <div className="flex flex-wrap gap-2">
          {buckets.map((bucket) => {
            const key = bucketKey(bucket);
            const pressed = filters.bucket === key;
            return (
              <button key={key} type="button" aria-pressed={pressed} className={toggleClass(pressed)} onClick={() => set({ bucket: pressed ? null : key })}>
                {bucket.label}
              </button>
            );
          })}
        </div>
        <div className="space-y-1 pt-1">
          <div className="flex items-center justify-between gap-2 text-sm">
            <label htmlFor={sliderId} className="font-semibold">
              Maximum price
            </label>
            <output htmlFor={sliderId} className="text-ink-muted tabular-nums">
              {priceMaxLabel(filters.priceMax)}
            </output>
          </div>
          <input
            id={sliderId}
            type="range"
            min={PRICE_FILTER.min}
            max={PRICE_FILTER.max}
            step={PRICE_FILTER.step}
            value={filters.priceMax}
            aria-valuetext={priceMaxLabel(filters.priceMax)}
            onChange={(event) => set({ priceMax: Number(event.target.value) })}
            className="h-11 w-full cursor-pointer accent-[var(--brand)]"
          />
          <div aria-hidden="true" className="flex justify-between text-xs text-ink-muted">
            <span>${PRICE_FILTER.min}</span>
            <span>${PRICE_FILTER.max}+</span>
          </div>
        </div>
      </FilterGroup>

      <FilterGroup title="Availability">
        <div className="space-y-1">
          {([null, ...AVAILABILITY_FILTERS] as (AvailabilityFilter | null)[]).map((value) => (
            <label key={value ?? 'all'} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-1 hover:bg-surface-muted md:min-h-9">
              <input
                type="radio"
                name={availabilityName}
                className="size-5 accent-[var(--brand)]"
                checked={filters.availability === value}
                onChange={() => set({ availability: value })}
              />
              <span>{value ? AVAILABILITY_LABELS[value] : 'All items'}</span>
            </label>
          ))}
        </div>
      </FilterGroup>

      {showClearAll ? (
        <Button variant="secondary" block onClick={() => onChange(EMPTY_FILTERS)}>
          Clear All
        </Button>
      ) : null}
    </div>
  );
}
