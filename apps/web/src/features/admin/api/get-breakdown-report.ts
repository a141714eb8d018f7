import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BreakdownReportName, BreakdownReportOutput } from '@kusina/domain/reports';
import { api } from '../../../lib/api-client.ts';
import type { ReportRange } from './get-visit-funnel.ts';

/** GET /admin/reports/{items|channels|codes|processors|reservations|fundraisers}?from=&to=&group= (the restaurant's admins). */
export function getBreakdownReportQueryOptions(name: BreakdownReportName, range: ReportRange, group: string) {
  return queryOptions({
    queryKey: ['admin', 'reports', name, range, group],
    queryFn: () => api.get<BreakdownReportOutput>(`/admin/reports/${name}`, { query: { from: range.from, to: range.to, group } }),
    meta: { userScoped: true },
    placeholderData: keepPreviousData,
  });
}

export const useBreakdownReport = (name: BreakdownReportName, range: ReportRange, group: string) => useQuery(getBreakdownReportQueryOptions(name, range, group));

/** The report's CSV download address (the session cookie goes with it). */
export function breakdownReportCsvUrl(name: BreakdownReportName, range: ReportRange, group: string): string {
  return `/api/v1/admin/reports/${name}.csv?${new URLSearchParams({ from: range.from, to: range.to, group }).toString()}`;
}
