import { useQueries } from '@tanstack/react-query';
import { normaliseSelection, variantKey } from '@kusina/domain/wholesale-rules';
import type { WholesaleCartLine } from '../../../stores/wholesale-cart-store.ts';
import { checkAvailability } from './check-availability.ts';

/** What the cart knows of a line's stock: still asking, could not tell, or the units left (null: unlimited). */
export type LineStock = { state: 'loading' } | { state: 'unknown' } | { state: 'known'; available: number | null };

function selectionKey(options: Record<string, number[]> | undefined): string {
  const selection = normaliseSelection(options ?? {});
  return Object.keys(selection)
    .sort()
    .map((group) => `${group}:${variantKey(selection[group]!)}`)
    .join('|');
}

/**
 * Current stock of each cart line, asked of the server (the spec's availability call, POST
 * /items/{id}/check_availability) — not the maximum frozen when the line was added, so lines put
 * back by Reorder Items get hints too. Asked again when the cart opens, when the window regains
 * focus and when the fundraiser's live stock events arrive (they refresh every wholesale query).
 */
export function useCartStock(lines: readonly WholesaleCartLine[]): LineStock[] {
  const answers = useQueries({
    queries: lines.map((line) => ({
      queryKey: ['wholesale', 'availability', line.itemId, selectionKey(line.options)],
      queryFn: () => checkAvailability(line.itemId, 1, normaliseSelection(line.options ?? {})),
      staleTime: 0,
      refetchOnWindowFocus: true,
    })),
  });
  return answers.map((answer): LineStock => {
    if (answer.data) return { state: 'known', available: answer.data.available_quantity };
    if (answer.isError) return { state: 'unknown' };
    return { state: 'loading' };
  });
}
