import { useQuery } from '@tanstack/react-query';
import type { WholesaleCartLine } from '../../../stores/wholesale-cart-store.ts';
import { validateCart } from './validate-cart.ts';

/** The cart's server validation, re-run whenever the lines change (§4, §7). */
export function useCartValidation(lines: readonly WholesaleCartLine[], enabled = true) {
  const signature = JSON.stringify(lines.map((l) => [l.itemId, l.fundraiserId, l.quantity, l.priceCents, l.options ?? {}]));
  return useQuery({
    queryKey: ['wholesale', 'cart-validation', signature],
    queryFn: () => validateCart(lines),
    enabled: enabled && lines.length > 0,
    staleTime: 0,
  });
}
