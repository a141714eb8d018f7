import type { LayoutOutput } from '@kusina/domain/layouts';
import { api } from '../../../lib/api-client.ts';
import { type LayoutSaveBody } from './create-layout.ts';

export const updateLayout = (id: number, body: LayoutSaveBody) => api.patch<LayoutOutput>(`/layouts/${id}`, body);
