import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LayoutSummaryOutput } from '@kusina/domain/layouts';
import { api } from '../../../lib/api-client.ts';

/*
 * Floor layouts (backoffice §7): GET /layouts, GET /layouts/{id}, POST /layouts, PATCH /layouts/{id}
 * with name and sections_data.sections, POST /layouts/{id}/activate. The editor works in the
 * spec's sections_data shape (EditorSection); the server serves seat_sections.
 */

export const layoutsKey = ['reservations', 'layouts'] as const;

export function getLayoutsQueryOptions() {
  return queryOptions({ queryKey: [...layoutsKey, 'list'], queryFn: () => api.get<LayoutSummaryOutput[]>('/layouts'), meta: { userScoped: true } });
}

export const useLayouts = () => useQuery(getLayoutsQueryOptions());
