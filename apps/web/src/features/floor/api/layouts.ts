import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LayoutActivateOutput, LayoutOutput, LayoutSummaryOutput } from '@kusina/domain/layouts';
import type { LayoutSeat, Orientation, SectionType } from '@kusina/domain/floor-layout';
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
export function getLayoutQueryOptions(id: number) {
  return queryOptions({ queryKey: [...layoutsKey, 'one', id], queryFn: () => api.get<LayoutOutput>(`/layouts/${id}`), meta: { userScoped: true } });
}
export const useLayouts = () => useQuery(getLayoutsQueryOptions());

/** A section as the editor holds it and sends it (§3 Layout (editor)). */
export interface EditorSection {
  /** The editor's own key. */
  id: string;
  /** The saved section's id; null until saved. */
  dbId: number | null;
  name: string;
  type: SectionType;
  orientation: Orientation;
  offsetX: number;
  offsetY: number;
  floorNumber: number;
  seats: LayoutSeat[];
}

export function toEditorSections(layout: LayoutOutput): EditorSection[] {
  return layout.seat_sections.map((s) => ({
    id: `section-${s.id}`,
    dbId: s.id,
    name: s.name,
    type: s.section_type,
    orientation: s.orientation,
    offsetX: s.offset_x,
    offsetY: s.offset_y,
    floorNumber: s.floor_number,
    seats: s.seats.map((seat) => ({ id: seat.id, label: seat.label, position_x: seat.position_x, position_y: seat.position_y, capacity: seat.capacity })),
  }));
}

export interface LayoutSaveBody {
  name: string;
  sections_data: { sections: EditorSection[] };
}
export const createLayout = (body: LayoutSaveBody) => api.post<LayoutOutput>('/layouts', body);
export const updateLayout = (id: number, body: LayoutSaveBody) => api.patch<LayoutOutput>(`/layouts/${id}`, body);
export const activateLayout = (id: number) => api.post<LayoutActivateOutput>(`/layouts/${id}/activate`, {});
