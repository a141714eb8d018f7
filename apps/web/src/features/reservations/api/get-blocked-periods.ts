import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlockedPeriodOutput } from '@kusina/domain/reservations';
import { api } from '../../../lib/api-client.ts';
import { settingsKey } from './settings-key.ts';

export interface BlockedFilter {
  locationId: number | null;
  date: string;
}

export function getBlockedPeriodsQueryOptions(filter: BlockedFilter) {
  return queryOptions({
    queryKey: [...settingsKey, 'blocked', filter],
    queryFn: () =>
      api.get<BlockedPeriodOutput[]>('/blocked_periods', { query: { location_id: filter.locationId ?? undefined, start_date: filter.date || undefined, end_date: filter.date || undefined } }),
    meta: { userScoped: true },
  });
}

export const useBlockedPeriods = (filter: BlockedFilter) => useQuery(getBlockedPeriodsQueryOptions(filter));
