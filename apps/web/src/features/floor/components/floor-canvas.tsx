import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { clampOffset, counterBar, SEAT_DIAMETER, TABLE_DIAMETER } from '@kusina/domain/layout-rules';
import { FloorGrid, SectionBody } from './floor-plan-parts.tsx';
import { cn } from '../../../lib/cn.ts';
import type { EditorSection } from '../utils/editor-sections.ts';

interface FloorCanvasProps {
  sections: EditorSection[];
  width: number;
  height: number;
  zoom: number;
  grid: boolean;
  editMode: boolean;
  selectedId: string | null;
  onSelect(id: string): void;
  onEdit(id: string): void;
  onMove(id: string, offsetX: number, offsetY: number): void;
  onDelete(id: string): void;
}

/** Arrow keys move a section 10 px, 50 with Shift. */
const STEP = 10;
const BIG_STEP = 50;

export function sectionLabel(section: EditorSection): string {
  const kind = section.type === 'table' ? 'table' : 'counter';
  const seats = section.seats.map((s) => s.label).join(', ');
  return `${section.name}, ${kind}, ${section.seats.length} ${section.seats.length === 1 ? 'seat' : 'seats'}: ${seats}`;
}

/**
 * The floor plan as SVG (backoffice §2, §9): tables are circles of diameter 80 with their seats on
 * radius 82, counters a bar with seats 70 apart, seats of diameter 64. Every section is a button
 * (Enter or Space: edit); in edit mode it drags with a pointer and moves with the arrow keys, and
 * shows a delete control. The canvas scrolls inside its own box at any zoom.
 */
export function FloorCanvas({ sections, width, height, zoom, grid, editMode, selectedId, onSelect, onEdit, onMove, onDelete }: FloorCanvasProps) {
  const drag = useRef<{ id: string; pointerId: number; startX: number; startY: number; fromX: number; fromY: number; moved: boolean } | null>(null);

  const onPointerDown = (event: PointerEvent<SVGGElement>, section: EditorSection) => {
    onSelect(section.id);
    if (!editMode || event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { id: section.id, pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, fromX: section.offsetX, fromY: section.offsetY, moved: false };
  };
  const onPointerMove = (event: PointerEvent<SVGGElement>, section: EditorSection) => {
    const d = drag.current;
    if (!d || d.id !== section.id || d.pointerId !== event.pointerId) return;
    const dx = (event.clientX - d.startX) / zoom;
    const dy = (event.clientY - d.startY) / zoom;
    if (!d.moved && Math.hypot(dx, dy) < 3) return;
    d.moved = true;
    const next = clampOffset(section, d.fromX + dx, d.fromY + dy);
    onMove(section.id, Math.min(next.x, width), Math.min(next.y, height));
  };
  const endDrag = (event: PointerEvent<SVGGElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<SVGGElement>, section: EditorSection) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onEdit(section.id);
      return;
    }
    if (!editMode) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onDelete(section.id);
      return;
    }
    const step = event.shiftKey ? BIG_STEP : STEP;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
    if (!delta) return;
    event.preventDefault();
    const next = clampOffset(section, section.offsetX + delta[0]!, section.offsetY + delta[1]!);
    onMove(section.id, Math.min(next.x, width), Math.min(next.y, height));
  };

  return (
    <svg
      width={Math.round(width * zoom)}
      height={Math.round(height * zoom)}
      viewBox={`0 0 ${width} ${height}`}
      className="block bg-surface select-none"
      role="group"
      aria-label={`Floor plan, ${width} by ${height}, zoom ${Math.round(zoom * 100)}%`}
    >
      {grid ? <FloorGrid id="layout-grid" width={width} height={height} /> : null}
      {sections.map((section) => {
        const selected = section.id === selectedId;
        const bar = section.type === 'counter' ? counterBar(section.seats.length, section.orientation) : null;
        return (
          <g key={section.id} transform={`translate(${section.offsetX} ${section.offsetY})`}>
            <g
              role="button"
              tabIndex={0}
              aria-label={sectionLabel(section)}
              aria-keyshortcuts={editMode ? 'ArrowUp ArrowDown ArrowLeft ArrowRight Delete' : undefined}
              data-section={section.name}
              className={cn('outline-none [&:focus-visible_.focus-ring]:visible', editMode ? 'cursor-move' : 'cursor-pointer')}
              style={{ touchAction: editMode ? 'none' : undefined }}
              onPointerDown={(e) => onPointerDown(e, section)}
              onPointerMove={(e) => onPointerMove(e, section)}
              onPointerUp={endDrag}
              onPointerCancel={endDrag}
              onDoubleClick={() => onEdit(section.id)}
              onKeyDown={(e) => onKeyDown(e, section)}
            >
              <circle className="focus-ring invisible fill-none stroke-brand" r={TABLE_DIAMETER / 2 + SEAT_DIAMETER + 8} strokeWidth={4} strokeDasharray="8 6" />
              <SectionBody section={section} highlighted={selected} />
              {section.seats.map((seat, i) => (
                <g key={seat.id ?? `new-${i}`} transform={`translate(${seat.position_x} ${seat.position_y})`}>
                  <title>{`${seat.label} (${seat.capacity} ${seat.capacity === 1 ? 'guest' : 'guests'})`}</title>
                  <circle r={SEAT_DIAMETER / 2} className={cn('fill-success-soft', selected ? 'stroke-brand' : 'stroke-success-line')} strokeWidth={selected ? 4 : 2} />
                  <text textAnchor="middle" dominantBaseline="central" className="fill-ink text-[14px] font-semibold" aria-hidden="true">
                    {seat.label.length > 7 ? `${seat.label.slice(0, 6)}…` : seat.label}
                  </text>
                </g>
              ))}
            </g>
            {editMode ? (
              <g
                role="button"
                tabIndex={0}
                aria-label={`Delete section ${section.name}`}
                className="cursor-pointer outline-none [&:focus-visible>circle]:stroke-ink [&:focus-visible>circle]:stroke-[4]"
                transform={`translate(${section.type === 'table' ? 96 : (bar?.x ?? 0) + (bar?.width ?? 0) + 20} ${section.type === 'table' ? -96 : (bar?.y ?? 0) - 20})`}
                onClick={() => onDelete(section.id)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    onDelete(section.id);
                  }
                }}
              >
                <circle r={16} className="fill-danger stroke-surface" strokeWidth={2} />
                <path d="M -6 -6 L 6 6 M 6 -6 L -6 6" className="stroke-on-danger" strokeWidth={3} strokeLinecap="round" />
              </g>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
