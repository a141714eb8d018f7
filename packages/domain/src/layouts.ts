import { z } from 'zod';
import { LAYOUT_LIMITS, LayoutMessages, ORIENTATIONS, SECTION_TYPES } from './layout-rules.ts';

/*
 * The floor layouts contract (backoffice-reservations.md §3 Layout, §7 /layouts and /seats): what
 * the Layout Editor sends (sections_data.sections, the editor's camelCase shape) and what the API
 * serves (seat_sections with seats, snake_case). Rules and geometry live in layout-rules.ts.
 */

const id = z.int32().min(1);
const coordinate = z
  .number()
  .min(-LAYOUT_LIMITS.maxCoordinate, `Must be at least -${LAYOUT_LIMITS.maxCoordinate}`)
  .max(LAYOUT_LIMITS.maxCoordinate, `Must be at most ${LAYOUT_LIMITS.maxCoordinate}`)
  // Dragging gives fractions of a pixel: the plan keeps whole pixels.
  .transform((n) => Math.round(n) + 0);
const label = z
  .string({ error: LayoutMessages.labelRequired })
  .trim()
  .min(1, LayoutMessages.labelRequired)
  .max(LAYOUT_LIMITS.labelLength, `Seat label must be at most ${LAYOUT_LIMITS.labelLength} characters`);

/** Rails-style `{ layout: {...} }` (§7) or the fields themselves. */
function unwrap(key: string) {
  return (value: unknown) => (value && typeof value === 'object' && key in value ? (value as Record<string, unknown>)[key] : value);
}

const LayoutSeatInput = z.object({
  /** The saved seat's id: kept (same id) when sent; a seat without one is new. */
  id: id.nullish(),
  label,
  position_x: coordinate,
  position_y: coordinate,
  capacity: z.int32('Capacity must be a whole number').min(1, 'Capacity must be at least 1').max(LAYOUT_LIMITS.maxCapacity, `Capacity must be at most ${LAYOUT_LIMITS.maxCapacity}`).default(1),
});

export const LayoutSectionInput = z.object({
  /** The editor's own key for the section (not stored). */
  id: z.union([z.string().max(100), z.number()]).nullish(),
  /** The saved section's id: the section is kept (same id) when sent; without one it is new. */
  dbId: id.nullish(),
  name: z.string({ error: LayoutMessages.sectionNameRequired }).trim().min(1, LayoutMessages.sectionNameRequired).max(LAYOUT_LIMITS.sectionNameLength, `Section name must be at most ${LAYOUT_LIMITS.sectionNameLength} characters`),
  type: z.enum(SECTION_TYPES, { error: 'Section type must be table or counter' }),
  orientation: z.enum(ORIENTATIONS, { error: 'Orientation must be vertical or horizontal' }).default('vertical'),
  offsetX: coordinate,
  offsetY: coordinate,
  floorNumber: z.int32('Floor must be a whole number').min(1, 'Floor must be at least 1').max(LAYOUT_LIMITS.maxFloor, `Floor must be at most ${LAYOUT_LIMITS.maxFloor}`).default(1),
  /**
   * The dining room (location) its seats are in (decision 0105); null: the restaurant's default
   * location. Not sent for a kept section: it stays where it was.
   */
  locationId: id.nullish(),
  seats: z
    .array(LayoutSeatInput)
    .min(1, 'A section needs at least 1 seat')
    .max(LAYOUT_LIMITS.seatsPerSection, `A section has at most ${LAYOUT_LIMITS.seatsPerSection} seats`),
});
export type LayoutSectionInput = z.infer<typeof LayoutSectionInput>;

const layoutName = z.string({ error: LayoutMessages.nameRequired }).trim().min(1, LayoutMessages.nameRequired).max(LAYOUT_LIMITS.nameLength, `Layout name must be at most ${LAYOUT_LIMITS.nameLength} characters`);
const sectionsData = z.object({
  sections: z.array(LayoutSectionInput).max(LAYOUT_LIMITS.sectionsPerLayout, `A layout has at most ${LAYOUT_LIMITS.sectionsPerLayout} sections`),
});

/** POST /layouts: a new layout of the admin's restaurant (restaurant_id only for a super admin). */
export const LayoutCreateFields = z.object({ restaurant_id: id.optional(), name: layoutName, sections_data: sectionsData.default({ sections: [] }) }).strict();
export const LayoutCreateInput = z.preprocess(unwrap('layout'), LayoutCreateFields);
export type LayoutCreateInput = z.infer<typeof LayoutCreateFields>;

/** PATCH /layouts/{id}: a new name, and/or the whole plan (sections not sent are removed). */
export const LayoutUpdateFields = z.object({ name: layoutName.optional(), sections_data: sectionsData.optional() }).strict();
export const LayoutUpdateInput = z.preprocess(unwrap('layout'), LayoutUpdateFields);
export type LayoutUpdateInput = z.infer<typeof LayoutUpdateFields>;

export const SeatOutput = z.object({ id, seat_section_id: id, label: z.string(), position_x: z.number().int(), position_y: z.number().int(), capacity: z.number().int() });
export type SeatOutput = z.infer<typeof SeatOutput>;

const SeatSectionOutput = z.object({
  id,
  name: z.string(),
  section_type: z.enum(SECTION_TYPES),
  orientation: z.enum(ORIENTATIONS),
  offset_x: z.number().int(),
  offset_y: z.number().int(),
  floor_number: z.number().int(),
  /** The dining room its seats are in; null: the restaurant's default location (decision 0105). */
  location_id: id.nullable(),
  seats: z.array(SeatOutput),
});

export const LayoutSummaryOutput = z.object({
  id,
  restaurant_id: id,
  name: z.string(),
  /** The restaurant's current layout (restaurants.current_layout_id). */
  is_active: z.boolean(),
  section_count: z.number().int(),
  /** The sum of its seats' capacities: what current_seat_count becomes when it is activated. */
  seat_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LayoutSummaryOutput = z.infer<typeof LayoutSummaryOutput>;

/** GET /layouts/{id} (§3 "Layout served by id"), and the answer to POST and PATCH. */
export const LayoutOutput = LayoutSummaryOutput.extend({ seat_sections: z.array(SeatSectionOutput) });
export type LayoutOutput = z.infer<typeof LayoutOutput>;

export const LayoutListQuery = z.object({ restaurant_id: z.coerce.number().int().min(1).max(2147483647).optional() });

/** POST /layouts/{id}/activate: a message (§7), and the restaurant's new current layout and seat count. */
export const LayoutActivateOutput = z.object({ message: z.string(), layout_id: id, current_layout_id: id, current_seat_count: z.number().int() });
export type LayoutActivateOutput = z.infer<typeof LayoutActivateOutput>;

/** PATCH /seats/{id} (§7): a new label, unique within the seat's layout. */
export const SeatUpdateInput = z.preprocess(unwrap('seat'), z.object({ label }).strict());
export type SeatUpdateInput = z.infer<typeof SeatUpdateInput>;
