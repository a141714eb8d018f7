import { useQuery } from '@tanstack/react-query';
import type { GuestProfileOutput } from '@kusina/domain/guests';
import { api } from '../../../lib/api-client.ts';

/** GET /guests?q: guests by name, phone or e-mail across all dates. */
export function searchGuests(q: string): Promise<GuestProfileOutput[]> {
  return api.get<GuestProfileOutput[]>('/guests', { query: { q } });
}

export function useGuestSearch(q: string) {
  const term = q.trim();
  return useQuery({ queryKey: ['guests', 'search', term], queryFn: () => searchGuests(term), enabled: term.length >= 2, meta: { userScoped: true } });
}
