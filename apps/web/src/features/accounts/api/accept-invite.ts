import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { AuthOutput } from '@kusina/domain/accounts';
import type { AcceptInviteInput } from '@kusina/domain/team';
import { api } from '../../../lib/api-client.ts';

/** POST /invites/accept → { jwt, user } and the session cookie: the new team member is signed in. */
export function acceptInvite(input: AcceptInviteInput): Promise<AuthOutput> {
  return api.post<AuthOutput>('/invites/accept', input);
}

export function getAcceptInviteMutationOptions() {
  return mutationOptions({ mutationKey: ['invites', 'accept'], mutationFn: acceptInvite, meta: { globalLoading: true } });
}

export function useAcceptInvite() {
  return useMutation(getAcceptInviteMutationOptions());
}
