import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteInput, InviteOutput } from '@kusina/domain/team';
import { api } from '../../../lib/api-client.ts';
import { auditLogKey } from './get-audit-log.ts';
import { teamKey } from './get-team.ts';

/** POST /team/invites (admins): the invite link goes out through the outbox. */
export function inviteTeamMember(input: InviteInput): Promise<InviteOutput> {
  return api.post<InviteOutput>('/team/invites', input);
}

export function getInviteTeamMemberMutationOptions() {
  return mutationOptions({ mutationKey: ['admin', 'team', 'invite'], mutationFn: inviteTeamMember });
}

export function useInviteTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    ...getInviteTeamMemberMutationOptions(),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: teamKey }), queryClient.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
