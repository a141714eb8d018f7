/*
 * Floor layouts without zod (backoffice-reservations.md §2 Layout Editor, §3 Layout, §5, §8, §9):
 * the constants, the spec's messages and the seat geometry. Pure functions, so the Layout Editor
 * draws, the server checks and (later) the Floor Manager and the seat-preference picker place
 * seats the same way. The SPA imports these and only types from layouts.ts.
 */

export const SECTION_TYPES = ['table', 'counter'] as const;
export type SectionType = (typeof SECTION_TYPES)[number];
export const ORIENTATIONS = ['vertical', 'horizontal'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

/** §9: seats on a circle of radius 82 around a table, starting at the top; counters space them 70. */
const TABLE_SEAT_RADIUS = 82;
const COUNTER_SEAT_SPACING = 70;
export const SEAT_DIAMETER = 64;
export const TABLE_DIAMETER = 80;
/** The counter's bar: as thick as a third of a seat, beside the seats. */
const COUNTER_BAR_THICKNESS = 24;
export const NEW_SECTION_OFFSET = { x: 100, y: 100 } as const;
/** §9 pick-list defaults: 4 seats, floor 1, capacity 1. */
export const SECTION_DEFAULTS = { seatCount: 4, floorNumber: 1, capacity: 1 } as const;

/** Limits the API enforces and the editor's inputs respect. */
export const LAYOUT_LIMITS = {
  nameLength: 100,
  sectionNameLength: 60,
  labelLength: 20,
  sectionsPerLayout: 200,
  seatsPerSection: 60,
  seatsPerLayout: 2000,
  maxFloor: 20,
  maxCapacity: 20,
  /** Offsets and seat positions stay on a 20,000 px plane (far beyond the large canvas). */
  maxCoordinate: 10000,
} as const;

/** §9 canvas sizes; auto is the content's extent plus a 200 margin, at least 800x600. */
export const CANVAS_SIZES = {
  small: { width: 1200, height: 800 },
  medium: { width: 2000, height: 1200 },
  large: { width: 3000, height: 1800 },
} as const;
export type CanvasSizeName = keyof typeof CANVAS_SIZES | 'auto';
export const DEFAULT_CANVAS_SIZE: CanvasSizeName = 'medium';
const AUTO_CANVAS_MARGIN = 200;
const AUTO_CANVAS_MIN = { width: 800, height: 600 } as const;

/** §9 zoom: step 0.25 between 0.25 and 5; the layout editor may zoom out to 0.2. */
const ZOOM_STEP = 0.25;
export const ZOOM_MIN = 0.25;
export const EDITOR_ZOOM_MIN = 0.2;
export const ZOOM_MAX = 5;

export const LayoutMessages = {
  notSaved: 'Cannot activate a layout that is not saved yet!',
  loadFailed: 'Failed to load layout.',
  listFailed: 'Failed to load layouts.',
  saveFailed: 'Failed to save layout. Check console.',
  updated: 'Layout updated successfully!',
  created: 'Layout created!',
  activateFailed: 'Failed to activate layout. Check console.',
  activated: (name: string) => `Layout "${name}" is now active.`,
  notFound: 'Layout not found.',
  seatNotFound: 'Seat not found.',
  sectionNotInLayout: 'This section is not part of the layout. Reload the layout and try again.',
  /** A section's dining room must be one of the restaurant's locations (decision 0105). */
  sectionLocationNotFound: "That dining room is not one of this restaurant's locations.",
  seatNotInLayout: 'This seat is not part of the layout. Reload the layout and try again.',
  duplicateLabel: (label: string) => `Seat label "${label}" is used more than once in this layout.`,
  labelTaken: (label: string) => `Seat label "${label}" is already used in this layout.`,
  nameRequired: 'Layout name is required.',
  sectionNameRequired: 'Section name is required.',
  labelRequired: 'Seat label is required.',
  deleteSectionConfirm: (name: string) => `Delete section "${name}" and its seats?`,
} as const;

/** Socket.IO events to the restaurant's staff room, each carrying { layout_id, restaurant_id }. */
export const LayoutEvents = { updated: 'layout_updated', activated: 'layout_activated' } as const;

export interface Point {
  x: number;
  y: number;
}

const round = (n: number) => Math.round(n) + 0; // + 0 turns -0 into 0

/** Seat centres around a table's centre: seat 1 at the top, then clockwise, on radius 82. */
export function tableSeatPositions(count: number): Point[] {
  return Array.from({ length: Math.max(0, count) }, (_, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / count;
    return { x: round(TABLE_SEAT_RADIUS * Math.cos(angle)), y: round(TABLE_SEAT_RADIUS * Math.sin(angle)) };
  });
}

/** Seat centres of a counter from its origin: 70 apart, left to right or top to bottom. */
export function counterSeatPositions(count: number, orientation: Orientation): Point[] {
  return Array.from({ length: Math.max(0, count) }, (_, i) => (orientation === 'horizontal' ? { x: i * COUNTER_SEAT_SPACING, y: 0 } : { x: 0, y: i * COUNTER_SEAT_SPACING }));
}

export function seatPositions(type: SectionType, orientation: Orientation, count: number): Point[] {
  return type === 'table' ? tableSeatPositions(count) : counterSeatPositions(count, orientation);
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The counter's bar, relative to the section's origin: along the seats, on their far side. */
export function counterBar(count: number, orientation: Orientation): Rect {
  const length = Math.max(1, count - 1) * COUNTER_SEAT_SPACING + SEAT_DIAMETER;
  const along = -SEAT_DIAMETER / 2;
  const beside = SEAT_DIAMETER / 2 + 8;
  return orientation === 'horizontal'
    ? { x: along, y: beside, width: length, height: COUNTER_BAR_THICKNESS }
    : { x: beside, y: along, width: COUNTER_BAR_THICKNESS, height: length };
}

/** The smallest shape a section needs: what is drawn, not just the seats. */
export interface SectionShape {
  type: SectionType;
  orientation: Orientation;
  offsetX: number;
  offsetY: number;
  seats: readonly { position_x: number; position_y: number }[];
}

/** A section's drawn extent on the canvas (seats, the table or the counter's bar). */
export function sectionBounds(section: SectionShape): Rect {
  const r = SEAT_DIAMETER / 2;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const take = (x0: number, y0: number, x1: number, y1: number) => {
    minX = Math.min(minX, x0);
    minY = Math.min(minY, y0);
    maxX = Math.max(maxX, x1);
    maxY = Math.max(maxY, y1);
  };
  for (const seat of section.seats) take(seat.position_x - r, seat.position_y - r, seat.position_x + r, seat.position_y + r);
  if (section.type === 'table') take(-TABLE_DIAMETER / 2, -TABLE_DIAMETER / 2, TABLE_DIAMETER / 2, TABLE_DIAMETER / 2);
  else {
    const bar = counterBar(section.seats.length, section.orientation);
    take(bar.x, bar.y, bar.x + bar.width, bar.y + bar.height);
  }
  return { x: section.offsetX + minX, y: section.offsetY + minY, width: maxX - minX, height: maxY - minY };
}

/** The Auto view size (§9): the content's right and bottom edges plus 200, at least 800x600. */
export function autoCanvasSize(sections: readonly SectionShape[]): { width: number; height: number } {
  let right = 0;
  let bottom = 0;
  for (const section of sections) {
    const b = sectionBounds(section);
    right = Math.max(right, b.x + b.width);
    bottom = Math.max(bottom, b.y + b.height);
  }
  return { width: Math.max(AUTO_CANVAS_MIN.width, Math.ceil(right + AUTO_CANVAS_MARGIN)), height: Math.max(AUTO_CANVAS_MIN.height, Math.ceil(bottom + AUTO_CANVAS_MARGIN)) };
}

export function canvasSize(name: CanvasSizeName, sections: readonly SectionShape[]): { width: number; height: number } {
  return name === 'auto' ? autoCanvasSize(sections) : CANVAS_SIZES[name];
}

/** One zoom step in or out, kept within [min, 5] and free of float drift. */
export function stepZoom(zoom: number, direction: 1 | -1, min = ZOOM_MIN): number {
  const next = Math.round((zoom + direction * ZOOM_STEP) * 100) / 100;
  return Math.min(ZOOM_MAX, Math.max(min, next));
}

/**
 * Where a section may sit: its drawn extent stays on the plane's visible side (no negative
 * coordinates), so dragging or arrow keys never push a table off the top-left of the canvas.
 */
export function clampOffset(section: SectionShape, offsetX: number, offsetY: number): Point {
  const b = sectionBounds({ ...section, offsetX: 0, offsetY: 0 });
  const max = LAYOUT_LIMITS.maxCoordinate;
  return { x: round(Math.min(max, Math.max(-b.x, offsetX))), y: round(Math.min(max, Math.max(-b.y, offsetY))) };
}

/** §5: floor, seat count and capacity inputs keep digits only; empty (or 0) is 1. */
export function digitsOrOne(input: string, max = Number.MAX_SAFE_INTEGER): number {
  const digits = input.replace(/\D/g, '');
  const value = digits === '' ? 1 : Number(digits.slice(0, 6));
  return Math.min(max, Math.max(1, value));
}

/** A short prefix for a section's default seat labels: "Table 3" → "T3", "Bar Counter" → "BC". */
export function labelPrefix(sectionName: string): string {
  const words = sectionName.trim().split(/[^A-Za-z0-9]+/).filter(Boolean);
  const prefix = words.map((w) => (/^\d+$/.test(w) ? w : w[0]!.toUpperCase())).join('');
  return (prefix || 'S').slice(0, 8);
}

/** `count` labels "T3-1", "T3-2"… that no other seat of the layout uses (`taken`). */
export function defaultSeatLabels(sectionName: string, count: number, taken: ReadonlySet<string>): string[] {
  const prefix = labelPrefix(sectionName);
  const labels: string[] = [];
  for (let n = 1; labels.length < count; n++) {
    const label = `${prefix}-${n}`;
    if (!taken.has(label)) labels.push(label);
  }
  return labels;
}

export interface LayoutSeat {
  /** The saved seat's id; absent for a seat not saved yet. */
  id?: number;
  label: string;
  position_x: number;
  position_y: number;
  capacity: number;
}

/**
 * A section's seats after the Add/Edit Section dialog: the first `count` existing seats keep their
 * ids and labels (so reservations and allocations that name them stay true), new ones get fresh
 * labels, every seat takes `capacity` and the geometry of the section's type and orientation.
 */
export function arrangeSeats(
  section: { name: string; type: SectionType; orientation: Orientation; seats: readonly LayoutSeat[] },
  count: number,
  capacity: number,
  takenElsewhere: ReadonlySet<string>,
): LayoutSeat[] {
  const kept = section.seats.slice(0, count);
  const taken = new Set([...takenElsewhere, ...kept.map((s) => s.label)]);
  const fresh = defaultSeatLabels(section.name, count - kept.length, taken);
  const positions = seatPositions(section.type, section.orientation, count);
  return positions.map((p, i) => {
    const old = kept[i];
    return { ...(old?.id === undefined ? {} : { id: old.id }), label: old?.label ?? fresh[i - kept.length]!, position_x: p.x, position_y: p.y, capacity };
  });
}

/** The labels used more than once across the layout (trimmed, case as typed). */
export function duplicateLabels(sections: readonly { seats: readonly { label: string }[] }[]): string[] {
  const seen = new Set<string>();
  const dupes = new Set<string>();
  for (const section of sections) for (const seat of section.seats) {
    const label = seat.label.trim();
    if (seen.has(label)) dupes.add(label);
    seen.add(label);
  }
  return [...dupes];
}

/** What the restaurant seats with a layout: the sum of its seats' capacities. */
export function seatCapacityOf(sections: readonly { seats: readonly { capacity: number }[] }[]): number {
  return sections.reduce((sum, s) => sum + s.seats.reduce((n, seat) => n + seat.capacity, 0), 0);
}

/** The floors a layout uses, ascending; a layout with no sections still shows floor 1. */
export function floorsOf(sections: readonly { floorNumber: number }[]): number[] {
  const floors = [...new Set(sections.map((s) => s.floorNumber))].sort((a, b) => a - b);
  return floors.length ? floors : [1];
}
