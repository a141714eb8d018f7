import type { DiscountConfigurationOutput } from '@kusina/domain/order-management';
import { api } from '../../../lib/api-client.ts';

export const createDiscount = (body: Record<string, unknown>) => api.post<DiscountConfigurationOutput>('/discount_configurations', body);
