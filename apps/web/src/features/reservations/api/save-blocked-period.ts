import type { BlockedPeriodOutput } from '@kusina/domain/reservations';
import { api } from '../../../lib/api-client.ts';

export const saveBlockedPeriod = (id: number | null, body: Record<string, unknown>) =>
  id === null ? api.post<BlockedPeriodOutput>('/blocked_periods', body) : api.put<BlockedPeriodOutput>(`/blocked_periods/${id}`, body);
