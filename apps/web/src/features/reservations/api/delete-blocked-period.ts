import { api } from '../../../lib/api-client.ts';

export const deleteBlockedPeriod = (id: number) => api.delete<void>(`/blocked_periods/${id}`);
