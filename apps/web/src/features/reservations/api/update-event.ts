import type { SpecialEventOutput } from '@kusina/domain/reservations';
import { api } from '../../../lib/api-client.ts';

export const updateEvent = (id: number, body: Record<string, unknown>) => api.patch<SpecialEventOutput>(`/special_events/${id}`, body);
