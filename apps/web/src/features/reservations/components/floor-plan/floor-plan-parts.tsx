import { counterBar, TABLE_DIAMETER } from '@kusina/domain/floor-layout';
import { cn } from '../../../../lib/cn.ts';
import type { EditorSection } from '../../api/layouts.ts';

/*
 * The pieces of the SVG floor plan both canvases draw (backoffice §9): the grid, and a section's
 * table (a circle of diameter 80) or counter (a bar) with its name. The Layout Editor's canvas makes
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
