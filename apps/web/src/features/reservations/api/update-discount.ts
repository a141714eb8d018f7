import type { DiscountConfigurationOutput } from '@kusina/domain/order-management';
import { api } from '../../../lib/api-client.ts';

export const updateDiscount = (id: number, body: Record<string, unknown>) => api.patch<DiscountConfigurationOutput>(`/discount_configurations/${id}`, body);
