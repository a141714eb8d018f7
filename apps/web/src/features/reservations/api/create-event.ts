import type { SpecialEventOutput } from '@kusina/domain/reservations';
import { api } from '../../../lib/api-client.ts';

export const createEvent = (body: Record<string, unknown>) => api.post<SpecialEventOutput>('/special_events', body);
