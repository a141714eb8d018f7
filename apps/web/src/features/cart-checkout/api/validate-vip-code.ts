import { useMutation } from '@tanstack/react-query';
import type { VipValidateOutput } from '@kusina/domain/promotions';
import { api } from '../../../lib/api-client.ts';

/** 200 { valid: true, message } for a usable code; 401 for a wrong one. */
export function validateVipCode(restaurantId: number, code: string): Promise<VipValidateOutput> {
  return api.post<VipValidateOutput>(`/restaurants/${restaurantId}/vip_access/validate_code`, { code });
}

export function useValidateVipCode(restaurantId: number) {
  return useMutation({ mutationFn: (code: string) => validateVipCode(restaurantId, code) });
}
