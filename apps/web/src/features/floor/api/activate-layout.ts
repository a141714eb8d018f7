import type { LayoutActivateOutput } from '@kusina/domain/layouts';
import { api } from '../../../lib/api-client.ts';

export const activateLayout = (id: number) => api.post<LayoutActivateOutput>(`/layouts/${id}/activate`, {});
