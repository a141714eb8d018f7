import { api } from '../../../lib/api-client.ts';

export const deleteDiscount = (id: number) => api.delete<void>(`/discount_configurations/${id}`);
