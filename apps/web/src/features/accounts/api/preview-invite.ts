import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitePreviewOutput } from '@kusina/domain/team';
import { api } from '../../../lib/api-client.ts';

/** POST /invites/preview: the restaurant and role an invite link offers; 422 when it cannot be used. */
export function previewInvite(input: { email: string; token: string }): Promise<InvitePreviewOutput> {
  return api.post<InvitePreviewOutput>('/invites/preview', input);
}

export function getPreviewInviteQueryOptions(input: { email: string; token: string }) {
  return queryOptions({ queryKey: ['invites', 'preview', input.email, input.token], queryFn: () => previewInvite(input), retry: false, staleTime: Infinity });
}

export function usePreviewInvite(input: { email: string; token: string }) {
  return useQuery(getPreviewInviteQueryOptions(input));
}
