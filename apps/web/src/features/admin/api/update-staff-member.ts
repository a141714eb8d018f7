import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMemberOutput, StaffMemberUpdateInput } from '@kusina/domain/order-management';
import { api } from '../../../lib/api-client.ts';
import { staffMembersKey } from './get-staff-members.ts';

export type UpdateStaffMemberInput = StaffMemberUpdateInput & { id: number };

/** PATCH /staff_members/:id (admins): rename, (de)activate. */
export function updateStaffMember({ id, ...body }: UpdateStaffMemberInput): Promise<StaffMemberOutput> {
  return api.patch<StaffMemberOutput>(`/staff_members/${id}`, body);
}

export function getUpdateStaffMemberMutationOptions() {
  return mutationOptions({ mutationKey: ['admin', 'staff-members', 'update'], mutationFn: updateStaffMember });
}

export function useUpdateStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({ ...getUpdateStaffMemberMutationOptions(), onSuccess: () => queryClient.invalidateQueries({ queryKey: staffMembersKey }) });
}
