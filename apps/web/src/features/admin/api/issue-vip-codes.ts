import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { VipCodeCreateInput, VipCodeOutput } from '@kusina/domain/promotions';
import { api } from '../../../lib/api-client.ts';
import { auditLogKey } from './get-audit-log.ts';
import { vipCodesKey } from './get-vip-codes.ts';

/** POST /vip_codes (admins): one code of the admin's choosing or up to 100 random ones. */
export function issueVipCodes(input: Omit<VipCodeCreateInput, 'quantity'> & { quantity?: number }): Promise<VipCodeOutput[]> {
  return api.post<VipCodeOutput[]>('/vip_codes', input);
}

export function getIssueVipCodesMutationOptions() {
  return mutationOptions({ mutationKey: ['admin', 'vip-codes', 'issue'], mutationFn: issueVipCodes });
}

export function useIssueVipCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    ...getIssueVipCodesMutationOptions(),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: vipCodesKey }), queryClient.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
