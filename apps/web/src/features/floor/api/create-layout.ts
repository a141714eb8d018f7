import type { LayoutOutput } from '@kusina/domain/layouts';
import { api } from '../../../lib/api-client.ts';
import { type EditorSection } from '../utils/editor-sections.ts';

export interface LayoutSaveBody {
  name: string;
  sections_data: { sections: EditorSection[] };
}

export const createLayout = (body: LayoutSaveBody) => api.post<LayoutOutput>('/layouts', body);
