import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OperatingHoursOutput } from '@kusina/domain/reservations';
import { api } from '../../../lib/api-client.ts';
import { settingsKey } from './settings-key.ts';

export function getHoursQueryOptions() {
  return queryOptions({ queryKey: [...settingsKey, 'hours'], queryFn: () => api.get<OperatingHoursOutput[]>('/operating_hours'), meta: { userScoped: true } });
}

export const useHours = () => useQuery(getHoursQueryOptions());
