import { useEffect, useEffectEvent, useState } from 'react';
import { ChevronDown, Search } from 'lucide-react';
import { ACTIVE_ORDER_STATUSES } from '@kusina/domain/order-management';
import { ORDER_STATUSES, type OrderStatus } from '@kusina/domain/orders';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { BoardFilters } from '../api/get-admin-orders.ts';
import type { BoardParamPatch } from './board-params.ts';
import { statusLabel } from '../../../components/ui/order-status-badge.tsx';

/** Typing in the search box waits this long before asking the server (ms). */
export const SEARCH_DEBOUNCE_MS = 300;

const STATUS_CHOICES: Array<{ value: BoardFilters['status']; label: string }> = [
  { value: 'active', label: 'Active' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
  { value: 'all', label: 'All' },
];

function chipCount(value: BoardFilters['status'], counts: Partial<Record<OrderStatus, number>> | undefined): number | null {
  if (!counts) return null;
  if (value === 'all') return Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
  if (value === 'active') return ACTIVE_ORDER_STATUSES.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
  return counts[value] ?? 0;
}

export interface OrderBoardFiltersProps {
  filters: BoardFilters;
  statusCounts: Partial<Record<OrderStatus, number>> | undefined;
  locations: string[];
  onChange(patch: BoardParamPatch, options?: { replace?: boolean }): void;
}

/** Search (order number, name, phone; debounced), status chips with counts, day, location, staff/online, sort. */
export function OrderBoardFilters({ filters, statusCounts, locations, onChange }: OrderBoardFiltersProps) {
  const [search, setSearch] = useState(filters.q);
  // On phones the day, location, source and sort choices fold away behind one button.
  const [moreOpen, setMoreOpen] = useState(false);
  const moreCount = [filters.date, filters.location, filters.source, filters.sort !== 'newest' ? filters.sort : ''].filter(Boolean).length;
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);

  // The URL is the truth: follow it when it changes elsewhere (Clear filters, back button).
  const [lastUrlQ, setLastUrlQ] = useState(filters.q);
  if (filters.q !== lastUrlQ) {
    setLastUrlQ(filters.q);
    setSearch(filters.q);
  }

  // Only a settled search writes the URL; a URL change alone (back button) never writes it back.
  const writeSearch = useEffectEvent((q: string) => {
    if (q !== filters.q.trim()) onChange({ q }, { replace: true });
  });
  useEffect(() => writeSearch(debounced.trim()), [debounced]);

  return (
    <div className="space-y-4 rounded-2xl border border-line bg-surface-raised p-4 shadow-sm">
      <FormField label="Search orders" hint="Order number, customer name or phone">
        {(control) => (
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-muted" />
            <Input {...control} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="K-10001, Maria, 671…" className="pl-10" />
          </div>
        )}
      </FormField>

      <div role="group" aria-label="Status" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        {STATUS_CHOICES.map((choice) => {
          const selected = filters.status === choice.value;
          const count = chipCount(choice.value, statusCounts);
          return (
            <button
              key={choice.value}
              type="button"
              aria-pressed={selected}
              onClick={() => onChange({ status: choice.value })}
              className={cn(
                'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full border px-4 text-sm font-semibold md:min-h-9',
                selected ? 'border-brand bg-brand text-on-brand' : 'border-line-strong bg-surface text-ink hover:bg-surface-muted',
              )}
            >
              {choice.label}
              {count !== null ? <span className={cn('tabular-nums', selected ? '' : 'text-ink-muted')}>({count})</span> : null}
            </button>
          );
        })}
      </div>

      <button
        type="button"
        className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-ink sm:hidden"
        aria-expanded={moreOpen}
        aria-controls="board-more-filters"
        onClick={() => setMoreOpen((open) => !open)}
      >
        More filters{moreCount ? ` (${moreCount})` : ''}
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', moreOpen && 'rotate-180')} />
      </button>
      <div id="board-more-filters" className={cn('gap-4 sm:grid sm:grid-cols-2 lg:grid-cols-5', moreOpen ? 'grid' : 'hidden')}>
        <FormField label="Day">
          {(control) => <Input {...control} type="date" value={filters.date} onChange={(event) => onChange({ date: event.target.value })} />}
        </FormField>
        <FormField label="Day of">
          {(control) => (
            <Select {...control} value={filters.dateBy} onChange={(event) => onChange({ dateBy: event.target.value === 'pickup' ? 'pickup' : 'created' })}>
              <option value="created">Order placed</option>
              <option value="pickup">Pickup</option>
            </Select>
          )}
        </FormField>
        <FormField label="Location">
          {(control) => (
            <Select {...control} value={filters.location} onChange={(event) => onChange({ location: event.target.value })}>
              <option value="">All locations</option>
              {[...new Set([...locations, ...(filters.location ? [filters.location] : [])])].map((location) => (
                <option key={location} value={location}>
                  {location}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Placed by">
          {(control) => (
            <Select {...control} value={filters.source} onChange={(event) => onChange({ source: event.target.value === 'staff' || event.target.value === 'online' ? event.target.value : '' })}>
              <option value="">Staff and online</option>
              <option value="online">Online orders</option>
              <option value="staff">Staff orders</option>
            </Select>
          )}
        </FormField>
        <FormField label="Sort by">
          {(control) => (
            <Select {...control} value={filters.sort} onChange={(event) => onChange({ sort: event.target.value === 'oldest' || event.target.value === 'pickup' ? event.target.value : 'newest' })}>
              <option value="newest">Newest first</option>
              <option value="oldest">Oldest first</option>
              <option value="pickup">Pickup time</option>
            </Select>
          )}
        </FormField>
      </div>
    </div>
  );
}
