import { useQuery } from '@tanstack/react-query';
import type { GuestProfileOutput } from '@kusina/domain/guests';
import { api } from '../../../lib/api-client.ts';

/** GET /guests/profile?phone|email (decision 0109): a guest's counts, history, notes and tags. */
export const guestProfilesKey = ['guests', 'profile'] as const;

export interface GuestContact {
  phone: string | null;
  email: string | null;
}

export function getGuestProfile(contact: GuestContact): Promise<GuestProfileOutput> {
  return api.get<GuestProfileOutput>('/guests/profile', { query: { phone: contact.phone ?? undefined, email: contact.email ?? undefined } });
}

export function useGuestProfile(contact: GuestContact) {
  return useQuery({
    queryKey: [...guestProfilesKey, contact.phone, contact.email],
    queryFn: () => getGuestProfile(contact),
    enabled: Boolean(contact.phone || contact.email),
    meta: { userScoped: true },
  });
}
