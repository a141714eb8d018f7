import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { VipCodeOutput } from '@kusina/domain/promotions';
import { api } from '../../../lib/api-client.ts';
import { auditLogKey } from './get-audit-log.ts';
import { vipCodesKey } from './get-vip-codes.ts';

/** POST /vip_codes/:id/revoke (admins): checkout refuses the code from now on. */
export function revokeVipCode(id: number): Promise<VipCodeOutput> {
  return api.post<VipCodeOutput>(`/vip_codes/${id}/revoke`);
}

export function getRevokeVipCodeMutationOptions() {
  return mutationOptions({ mutationKey: ['admin', 'vip-codes', 'revoke'], mutationFn: revokeVipCode });
}

export function useRevokeVipCode() {
  const queryClient = useQueryClient();
  return useMutation({
    ...getRevokeVipCodeMutationOptions(),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: vipCodesKey }), queryClient.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
