import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffMemberOutput } from '@kusina/domain/order-management';
import { api } from '../../../lib/api-client.ts';

/** GET /staff_members: the active staff members of the restaurant a staff order may be for. */
export function getStaffMembers(restaurantId: number): Promise<StaffMemberOutput[]> {
  return api.get<StaffMemberOutput[]>('/staff_members', { query: { restaurant_id: restaurantId } });
}

export function getStaffMembersQueryOptions(restaurantId: number) {
  return queryOptions({
    queryKey: ['checkout', 'staff-members', restaurantId],
    queryFn: () => getStaffMembers(restaurantId),
    staleTime: 60_000,
    meta: { userScoped: true },
  });
}

/** Loads only while `enabled` (the staff order switch is on). */
export function useStaffMembers(restaurantId: number, enabled: boolean) {
  return useQuery({ ...getStaffMembersQueryOptions(restaurantId), enabled });
}
