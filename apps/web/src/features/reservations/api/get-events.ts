import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpecialEventOutput } from '@kusina/domain/reservations';
import { api } from '../../../lib/api-client.ts';
import { settingsKey } from './settings-key.ts';

export function getEventsQueryOptions() {
  return queryOptions({ queryKey: [...settingsKey, 'events'], queryFn: () => api.get<SpecialEventOutput[]>('/special_events'), meta: { userScoped: true } });
}

export const useEvents = () => useQuery(getEventsQueryOptions());
