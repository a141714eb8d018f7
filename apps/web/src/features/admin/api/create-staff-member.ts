import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMemberCreateInput, StaffMemberOutput } from '@kusina/domain/order-management';
import { api } from '../../../lib/api-client.ts';
import { staffMembersKey } from './get-staff-members.ts';

/** POST /staff_members (admins). */
export function createStaffMember(input: StaffMemberCreateInput): Promise<StaffMemberOutput> {
  return api.post<StaffMemberOutput>('/staff_members', input);
}

export function getCreateStaffMemberMutationOptions() {
  return mutationOptions({ mutationKey: ['admin', 'staff-members', 'create'], mutationFn: createStaffMember });
}

export function useCreateStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({ ...getCreateStaffMemberMutationOptions(), onSuccess: () => queryClient.invalidateQueries({ queryKey: staffMembersKey }) });
}
