import { describe, expect, it } from 'vitest';
import {
  arrangeSeats,
  autoCanvasSize,
  canvasSize,
  clampOffset,
  counterSeatPositions,
  defaultSeatLabels,
  digitsOrOne,
  duplicateLabels,
  floorsOf,
  labelPrefix,
  seatCapacityOf,
  sectionBounds,
  stepZoom,
  tableSeatPositions,
  EDITOR_ZOOM_MIN,
} from './layout-rules.ts';

describe('seat geometry (backoffice §9)', () => {
  it('puts table seats on a circle of radius 82, the first at the top, then clockwise', () => {
    expect(tableSeatPositions(4)).toEqual([
      { x: 0, y: -82 },
      { x: 82, y: 0 },
      { x: 0, y: 82 },
      { x: -82, y: 0 },
    ]);
    for (const p of tableSeatPositions(7)) expect(Math.hypot(p.x, p.y)).toBeCloseTo(82, 0);
    expect(tableSeatPositions(1)).toEqual([{ x: 0, y: -82 }]);
    expect(tableSeatPositions(0)).toEqual([]);
  });

  it('spaces counter seats 70 apart along the orientation', () => {
    expect(counterSeatPositions(3, 'horizontal')).toEqual([
      { x: 0, y: 0 },
      { x: 70, y: 0 },
      { x: 140, y: 0 },
    ]);
    expect(counterSeatPositions(3, 'vertical').map((p) => p.y)).toEqual([0, 70, 140]);
  });

  it('measures a section by its seats (diameter 64) and its table (diameter 80) or bar', () => {
    const table = { type: 'table' as const, orientation: 'vertical' as const, offsetX: 300, offsetY: 200, seats: tableSeatPositions(4).map((p) => ({ position_x: p.x, position_y: p.y })) };
    expect(sectionBounds(table)).toEqual({ x: 300 - 114, y: 200 - 114, width: 228, height: 228 });
    const counter = { type: 'counter' as const, orientation: 'horizontal' as const, offsetX: 100, offsetY: 100, seats: counterSeatPositions(6, 'horizontal').map((p) => ({ position_x: p.x, position_y: p.y })) };
    const b = sectionBounds(counter);
    expect(b.x).toBe(100 - 32);
    expect(b.width).toBe(5 * 70 + 64);
    // The bar sits below the seats: the extent reaches past the seats' bottom edge.
    expect(b.y + b.height).toBeGreaterThan(100 + 32);
  });
});

describe('canvas and zoom (§9)', () => {
  it('sizes Auto to the content plus 200, never below 800x600, and names the fixed sizes', () => {
    expect(autoCanvasSize([])).toEqual({ width: 800, height: 600 });
    const far = { type: 'table' as const, orientation: 'vertical' as const, offsetX: 1500, offsetY: 900, seats: tableSeatPositions(4).map((p) => ({ position_x: p.x, position_y: p.y })) };
    expect(autoCanvasSize([far])).toEqual({ width: 1500 + 114 + 200, height: 900 + 114 + 200 });
    expect(canvasSize('small', [])).toEqual({ width: 1200, height: 800 });
    expect(canvasSize('medium', [])).toEqual({ width: 2000, height: 1200 });
    expect(canvasSize('large', [])).toEqual({ width: 3000, height: 1800 });
  });

  it('steps zoom by 0.25 within [min, 5], the editor down to 0.2', () => {
    expect(stepZoom(1, 1)).toBe(1.25);
    expect(stepZoom(5, 1)).toBe(5);
    expect(stepZoom(0.25, -1)).toBe(0.25);
    expect(stepZoom(0.25, -1, EDITOR_ZOOM_MIN)).toBe(0.2);
    expect(stepZoom(0.2, 1, EDITOR_ZOOM_MIN)).toBe(0.45);
    let z = 1;
    for (let i = 0; i < 3; i++) z = stepZoom(z, 1);
    expect(z).toBe(1.75);
  });

  it('keeps a dragged section on the canvas (no negative extent)', () => {
    const table = { type: 'table' as const, orientation: 'vertical' as const, offsetX: 0, offsetY: 0, seats: tableSeatPositions(4).map((p) => ({ position_x: p.x, position_y: p.y })) };
    expect(clampOffset(table, -50, 20.6)).toEqual({ x: 114, y: 114 });
    expect(clampOffset(table, 400.4, 300)).toEqual({ x: 400, y: 300 });
  });
});

describe('inputs and labels (§5)', () => {
  it('keeps digits only and falls back to 1', () => {
    expect(digitsOrOne('')).toBe(1);
    expect(digitsOrOne('0')).toBe(1);
    expect(digitsOrOne('a1b2')).toBe(12);
    expect(digitsOrOne('-3')).toBe(3);
    expect(digitsOrOne('99', 20)).toBe(20);
  });

  it('derives default labels from the section name, skipping labels the layout uses', () => {
    expect(labelPrefix('Table 3')).toBe('T3');
    expect(labelPrefix('Bar Counter')).toBe('BC');
    expect(labelPrefix('  ')).toBe('S');
    expect(defaultSeatLabels('Table 3', 3, new Set(['T3-2']))).toEqual(['T3-1', 'T3-3', 'T3-4']);
  });

  it('arranges seats keeping the first ids and labels, adding fresh ones, dropping from the end', () => {
    const section = { name: 'Table 1', type: 'table' as const, orientation: 'vertical' as const, seats: [
      { id: 11, label: 'Window', position_x: 0, position_y: 0, capacity: 1 },
      { id: 12, label: 'T1-2', position_x: 0, position_y: 0, capacity: 1 },
    ] };
    const grown = arrangeSeats(section, 4, 2, new Set(['T1-3']));
    expect(grown.map((s) => [s.id, s.label, s.capacity])).toEqual([
      [11, 'Window', 2],
      [12, 'T1-2', 2],
      [undefined, 'T1-1', 2],
      [undefined, 'T1-4', 2],
    ]);
    expect(grown.map((s) => [s.position_x, s.position_y])).toEqual(tableSeatPositions(4).map((p) => [p.x, p.y]));
    const shrunk = arrangeSeats({ ...section, type: 'counter', orientation: 'horizontal' }, 1, 1, new Set());
    expect(shrunk).toEqual([{ id: 11, label: 'Window', position_x: 0, position_y: 0, capacity: 1 }]);
  });

  it('finds duplicate labels, sums capacity and lists floors', () => {
    const sections = [
      { floorNumber: 2, seats: [{ label: 'A', capacity: 2 }, { label: 'B', capacity: 1 }] },
      { floorNumber: 1, seats: [{ label: 'A ', capacity: 3 }] },
    ];
    expect(duplicateLabels(sections)).toEqual(['A']);
    expect(seatCapacityOf(sections)).toBe(6);
    expect(floorsOf(sections)).toEqual([1, 2]);
    expect(floorsOf([])).toEqual([1]);
  });
});
