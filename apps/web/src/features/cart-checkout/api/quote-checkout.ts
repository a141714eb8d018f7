import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { QuoteInput, QuoteOutput } from '../../../lib/checkout-contracts.ts';

/** The server prices the cart (lines, subtotal, discount, total) and lists stock issues; nothing is charged. */
export function quoteCheckout(input: QuoteInput): Promise<QuoteOutput> {
  return api.post<QuoteOutput>('/checkout/quote', input);
}

export function getCheckoutQuoteQueryOptions(input: QuoteInput) {
  return queryOptions({
    queryKey: ['checkout-quote', input],
    queryFn: () => quoteCheckout(input),
    staleTime: 15_000,
  });
}

export function useCheckoutQuote(input: QuoteInput, enabled = true) {
  return useQuery({
    ...getCheckoutQuoteQueryOptions(input),
    enabled: enabled && input.items.length > 0,
    // Keeps the last figures on screen while a changed cart or promo is re-priced.
    placeholderData: keepPreviousData,
  });
}
