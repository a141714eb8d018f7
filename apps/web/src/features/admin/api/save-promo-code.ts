import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromoCodeCreateInput, PromoCodeOutput, PromoCodeUpdateInput } from '@kusina/domain/promotions';
import { api } from '../../../lib/api-client.ts';
import { auditLogKey } from './get-audit-log.ts';
import { promoCodesKey } from './get-promo-codes.ts';

/** A new code (POST /promo_codes) or a change of one (PATCH /promo_codes/:code), admins. */
export type SavePromoCodeInput = { code: null; body: PromoCodeCreateInput } | { code: string; body: PromoCodeUpdateInput };

export function savePromoCode({ code, body }: SavePromoCodeInput): Promise<PromoCodeOutput> {
  return code === null ? api.post<PromoCodeOutput>('/promo_codes', body) : api.patch<PromoCodeOutput>(`/promo_codes/${encodeURIComponent(code)}`, body);
}

export function getSavePromoCodeMutationOptions() {
  return mutationOptions({ mutationKey: ['admin', 'promo-codes', 'save'], mutationFn: savePromoCode });
}

export function useSavePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    ...getSavePromoCodeMutationOptions(),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: promoCodesKey }), queryClient.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
