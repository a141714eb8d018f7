import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WaitlistQuoteOutput } from '@kusina/domain/waitlist';
import { api } from '../../../lib/api-client.ts';

/*
 * GET /waitlist_entries/quote (decision 0107): the wait the server would quote a party joining now,
 * read afresh each time the add dialog asks (the line and the floor move by the minute).
 */

export function getWaitlistQuote(partySize: number): Promise<WaitlistQuoteOutput> {
  return api.get<WaitlistQuoteOutput>('/waitlist_entries/quote', { query: { party_size: String(partySize) } });
}

export function useWaitlistQuote(partySize: number | null) {
  return useQuery({
    ...queryOptions({
      queryKey: ['waitlist', 'quote', partySize],
      queryFn: () => getWaitlistQuote(partySize!),
      meta: { userScoped: true },
      staleTime: 0,
    }),
    enabled: partySize !== null,
  });
}
