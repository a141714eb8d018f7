import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberUpdateInput, TeamMemberOutput } from '@kusina/domain/team';
import { api } from '../../../lib/api-client.ts';
import { auditLogKey } from './get-audit-log.ts';
import { teamKey } from './get-team.ts';

export type UpdateTeamMemberInput = MemberUpdateInput & { id: number };

/** PATCH /team/members/:id (admins): role staff/admin, deactivate (their sessions end at once) or reactivate. */
export function updateTeamMember({ id, ...body }: UpdateTeamMemberInput): Promise<TeamMemberOutput> {
  return api.patch<TeamMemberOutput>(`/team/members/${id}`, body);
}

export function getUpdateTeamMemberMutationOptions() {
  return mutationOptions({ mutationKey: ['admin', 'team', 'update'], mutationFn: updateTeamMember });
}

export function useUpdateTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    ...getUpdateTeamMemberMutationOptions(),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: teamKey }), queryClient.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
