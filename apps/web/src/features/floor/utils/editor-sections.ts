import type { LayoutOutput } from '@kusina/domain/layouts';
import type { LayoutSeat, Orientation, SectionType } from '@kusina/domain/layout-rules';

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
  /** The dining room its seats are in (decision 0105); null: the restaurant's default one. */
  locationId: number | null;
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
    locationId: s.location_id,
    seats: s.seats.map((seat) => ({ id: seat.id, label: seat.label, position_x: seat.position_x, position_y: seat.position_y, capacity: seat.capacity })),
  }));
}
