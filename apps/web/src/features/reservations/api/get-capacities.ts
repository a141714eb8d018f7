import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LocationCapacityOutput } from '@kusina/domain/reservations';
import { api } from '../../../lib/api-client.ts';
import { settingsKey } from './settings-key.ts';

export function getCapacitiesQueryOptions() {
  return queryOptions({ queryKey: [...settingsKey, 'capacities'], queryFn: () => api.get<LocationCapacityOutput[]>('/location_capacities'), meta: { userScoped: true } });
}

export const useCapacities = () => useQuery(getCapacitiesQueryOptions());
