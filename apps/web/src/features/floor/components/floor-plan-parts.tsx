import { Grid3x3, Minus, Plus, RotateCcw } from 'lucide-react';
import { CANVAS_SIZES, counterBar, TABLE_DIAMETER, ZOOM_MAX, type CanvasSizeName } from '@kusina/domain/layout-rules';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import type { EditorSection } from '../utils/editor-sections.ts';

/*
 * The pieces of the SVG floor plan both canvases draw (backoffice §9): the grid, and a section's
 * table (a circle of diameter 80) or counter (a bar) with its name; and the controls around every
 * plan (view size, grid, zoom, floor tabs). The Layout Editor's canvas makes
 * sections movable buttons; the Floor Manager's makes each seat a button.
 */

export const FLOOR_GRID = 50;

export function FloorGrid({ id, width, height }: { id: string; width: number; height: number }) {
  return (
    <>
      <defs>
        <pattern id={id} width={FLOOR_GRID} height={FLOOR_GRID} patternUnits="userSpaceOnUse">
          <path d={`M ${FLOOR_GRID} 0 L 0 0 0 ${FLOOR_GRID}`} fill="none" className="stroke-line" strokeWidth={1} />
        </pattern>
      </defs>
      <rect width={width} height={height} fill={`url(#${id})`} aria-hidden="true" />
    </>
  );
}

/** A section's table or bar and its name, drawn at the section's origin. */
export function SectionBody({ section, highlighted = false }: { section: Pick<EditorSection, 'name' | 'type' | 'orientation' | 'seats'>; highlighted?: boolean }) {
  const bar = section.type === 'counter' ? counterBar(section.seats.length, section.orientation) : null;
  return (
    <>
      {bar ? (
        <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={8} className={cn('stroke-line-strong', highlighted ? 'fill-brand' : 'fill-surface-sunken')} strokeWidth={2} />
      ) : (
        <circle r={TABLE_DIAMETER / 2} className={cn('stroke-line-strong', highlighted ? 'fill-brand' : 'fill-surface-sunken')} strokeWidth={2} />
      )}
      <text
        y={section.type === 'table' ? 0 : (bar?.y ?? 0) + (bar?.height ?? 0) + 18}
        x={section.type === 'table' ? 0 : (bar?.x ?? 0) + 8}
        textAnchor={section.type === 'table' ? 'middle' : 'start'}
        dominantBaseline="central"
        className={cn('text-[13px] font-bold', highlighted && section.type === 'table' ? 'fill-on-brand' : 'fill-ink')}
        aria-hidden="true"
      >
        {section.name.length > 10 && section.type === 'table' ? `${section.name.slice(0, 9)}…` : section.name}
      </text>
    </>
  );
}

const SIZE_OPTIONS: { value: CanvasSizeName; label: string }[] = [
  { value: 'auto', label: 'Auto' },
  ...(['small', 'medium', 'large'] as const).map((key) => ({ value: key, label: `${key[0]!.toUpperCase()}${key.slice(1)} ${CANVAS_SIZES[key].width}x${CANVAS_SIZES[key].height}` })),
];

/**
 * The plan's view controls (§2, §9): View Size (when `size` is given), the Grid toggle and zoom out,
 * reset and in. A fragment: the caller's toolbar groups them with its own actions.
 */
export function ViewControls({
  size,
  grid,
  onGrid,
  zoom,
  zoomMin,
  onZoom,
}: {
  size?: { id: string; value: CanvasSizeName; onChange(value: CanvasSizeName): void };
  grid: boolean;
  onGrid(next: boolean): void;
  zoom: number;
  zoomMin: number;
  /** -1 out, 1 in, 0 back to 100 %. */
  onZoom(direction: -1 | 0 | 1): void;
}) {
  return (
    <>
      {size ? (
        <div className="space-y-1.5">
          <label htmlFor={size.id} className="block text-sm font-semibold">
            View Size
          </label>
          <Select id={size.id} className="w-auto" value={size.value} onChange={(e) => size.onChange(e.target.value as CanvasSizeName)}>
            {SIZE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      <Button variant="secondary" aria-pressed={grid} icon={<Grid3x3 aria-hidden="true" className="size-4" />} onClick={() => onGrid(!grid)}>
        Grid
      </Button>
      <div className="flex items-center gap-1" role="group" aria-label="Zoom">
        <Button variant="secondary" aria-label="Zoom out" onClick={() => onZoom(-1)} disabled={zoom <= zoomMin}>
          <Minus aria-hidden="true" className="size-4" />
        </Button>
        <Button variant="secondary" aria-label={`Reset zoom (now ${Math.round(zoom * 100)}%)`} onClick={() => onZoom(0)}>
          <RotateCcw aria-hidden="true" className="size-4" />
          <span aria-hidden="true" className="tabular-nums">
            {Math.round(zoom * 100)}%
          </span>
        </Button>
        <Button variant="secondary" aria-label="Zoom in" onClick={() => onZoom(1)} disabled={zoom >= ZOOM_MAX}>
          <Plus aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </>
  );
}

/** Floor 1, Floor 2…: shown only when the plan has more than one floor, unless `always` (the editor). */
export function FloorTabs({ floors, current, onSelect, always = false }: { floors: readonly number[]; current: number; onSelect(floor: number): void; always?: boolean }) {
  if (floors.length <= 1 && !always) return null;
  return (
    <div className="flex flex-wrap gap-1" role="group" aria-label="Floors">
      {floors.map((f) => (
        <button
          key={f}
          type="button"
          aria-pressed={f === current}
          onClick={() => onSelect(f)}
          className={cn('min-h-11 rounded-full border px-4 text-sm font-semibold md:min-h-9', f === current ? 'border-brand bg-brand text-on-brand' : 'border-line-strong bg-surface text-ink hover:bg-surface-muted')}
        >
          Floor {f}
        </button>
      ))}
    </div>
  );
}
