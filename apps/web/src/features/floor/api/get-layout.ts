import { queryOptions } from '@tanstack/react-query';
import type { LayoutOutput } from '@kusina/domain/layouts';
import { api } from '../../../lib/api-client.ts';
import { layoutsKey } from './get-layouts.ts';

export function getLayoutQueryOptions(id: number) {
  return queryOptions({ queryKey: [...layoutsKey, 'one', id], queryFn: () => api.get<LayoutOutput>(`/layouts/${id}`), meta: { userScoped: true } });
}
