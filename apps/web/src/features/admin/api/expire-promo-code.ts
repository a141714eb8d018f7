import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromoCodeOutput } from '@kusina/domain/promotions';
import { api } from '../../../lib/api-client.ts';
import { auditLogKey } from './get-audit-log.ts';
import { promoCodesKey } from './get-promo-codes.ts';

/** POST /promo_codes/:code/expire (admins): ends the code now by the server's clock. */
export function expirePromoCode(code: string): Promise<PromoCodeOutput> {
  return api.post<PromoCodeOutput>(`/promo_codes/${encodeURIComponent(code)}/expire`);
}

export function getExpirePromoCodeMutationOptions() {
  return mutationOptions({ mutationKey: ['admin', 'promo-codes', 'expire'], mutationFn: expirePromoCode });
}

export function useExpirePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    ...getExpirePromoCodeMutationOptions(),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: promoCodesKey }), queryClient.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
