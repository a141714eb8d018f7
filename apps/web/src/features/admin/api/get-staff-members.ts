import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffMemberOutput } from '@kusina/domain/order-management';
import { api } from '../../../lib/api-client.ts';

/** GET /staff_members?include_inactive=true (admins see inactive members too). */
export function getStaffMembers({ includeInactive }: { includeInactive: boolean }): Promise<StaffMemberOutput[]> {
  return api.get<StaffMemberOutput[]>('/staff_members', { query: { include_inactive: includeInactive ? 'true' : undefined } });
}

export const staffMembersKey = ['admin', 'staff-members'] as const;

export function getStaffMembersQueryOptions(includeInactive: boolean) {
  return queryOptions({
    queryKey: [...staffMembersKey, { includeInactive }],
    queryFn: () => getStaffMembers({ includeInactive }),
    meta: { userScoped: true },
  });
}

export function useStaffMembers(includeInactive: boolean) {
  return useQuery(getStaffMembersQueryOptions(includeInactive));
}
