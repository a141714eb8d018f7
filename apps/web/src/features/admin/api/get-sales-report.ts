import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SalesReportOutput } from '@kusina/domain/reports';
import { api } from '../../../lib/api-client.ts';
import type { ReportRange } from './get-visit-funnel.ts';

export type SalesGroup = 'day' | 'hour';

/** GET /admin/reports/sales?from=&to=&group= (the restaurant's admins). */
export function getSalesReportQueryOptions(range: ReportRange, group: SalesGroup) {
  return queryOptions({
    queryKey: ['admin', 'reports', 'sales', range, group],
    queryFn: () => api.get<SalesReportOutput>('/admin/reports/sales', { query: { from: range.from, to: range.to, group } }),
    meta: { userScoped: true },
    placeholderData: keepPreviousData,
  });
}

export const useSalesReport = (range: ReportRange, group: SalesGroup) => useQuery(getSalesReportQueryOptions(range, group));

/** The CSV download's address (the session cookie goes with it). */
export function salesReportCsvUrl(range: ReportRange, group: SalesGroup): string {
  return `/api/v1/admin/reports/sales.csv?${new URLSearchParams({ from: range.from, to: range.to, group }).toString()}`;
}
