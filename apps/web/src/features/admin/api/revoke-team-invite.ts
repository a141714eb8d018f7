import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { auditLogKey } from './get-audit-log.ts';
import { teamKey } from './get-team.ts';

/** DELETE /team/invites/:id (admins): the link stops working. */
export function revokeTeamInvite(id: number): Promise<null> {
  return api.delete<null>(`/team/invites/${id}`);
}

export function getRevokeTeamInviteMutationOptions() {
  return mutationOptions({ mutationKey: ['admin', 'team', 'revoke-invite'], mutationFn: revokeTeamInvite });
}

export function useRevokeTeamInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    ...getRevokeTeamInviteMutationOptions(),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: teamKey }), queryClient.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
