import type { KeyboardEvent } from 'react';
import { SEAT_DIAMETER } from '@kusina/domain/floor-layout';
import type { SeatState } from '@kusina/domain/seat-allocation-rules';
import { cn } from '../../../../lib/cn.ts';
import type { EditorSection } from '../../api/layouts.ts';
import { FloorGrid, SectionBody } from '../floor-plan/floor-plan-parts.tsx';

export interface MapSeat {
  id: number;
  label: string;
}

interface SeatMapProps {
  sections: EditorSection[];
  width: number;
  height: number;
  zoom: number;
  grid: boolean;
  stateOf(seatId: number): SeatState;
  /** Who sits there or holds it, for the seat's label. */
  occupantOf(seatId: number): string | null;
  onSeat(seat: MapSeat): void;
}

/** §4's colours, with a word and a stroke style too so no state is told by colour alone. */
const LOOK: Record<SeatState, { fill: string; stroke: string; word: string; dash?: string; width: number }> = {
  free: { fill: 'fill-success-soft', stroke: 'stroke-success-line', word: 'free', width: 2 },
  reserved: { fill: 'fill-warning-soft', stroke: 'stroke-warning-line', word: 'reserved', dash: '6 4', width: 3 },
  seated: { fill: 'fill-danger-soft', stroke: 'stroke-danger-line', word: 'seated', width: 3 },
  occupied: { fill: 'fill-danger-soft', stroke: 'stroke-danger-line', word: 'occupied', width: 3 },
  selected: { fill: 'fill-info-soft', stroke: 'stroke-info-line', word: 'selected', width: 5 },
};
const SHORT: Record<SeatState, string> = { free: 'Free', reserved: 'Held', seated: 'Seated', occupied: 'Taken', selected: 'Picked' };

export function seatLabel(label: string, state: SeatState, occupant: string | null): string {
  return `Seat ${label}, ${LOOK[state].word}${occupant ? `, ${occupant}` : ''}`;
}

/**
 * The Floor Manager's seat map (backoffice §2, §4): the floor's sections drawn as in the Layout
 * Editor (shared parts), each seat a button named by its label and state ("Seat T1-2, free"),
 * coloured free green, reserved yellow, seated red, picked blue. Enter or Space acts on a seat.
 */
export function SeatMap({ sections, width, height, zoom, grid, stateOf, occupantOf, onSeat }: SeatMapProps) {
  const onKeyDown = (event: KeyboardEvent<SVGGElement>, seat: MapSeat) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onSeat(seat);
  };
  return (
    <svg
      width={Math.round(width * zoom)}
      height={Math.round(height * zoom)}
      viewBox={`0 0 ${width} ${height}`}
      className="block bg-surface select-none"
      role="group"
      aria-label={`Seat map, zoom ${Math.round(zoom * 100)}%`}
    >
      {grid ? <FloorGrid id="seating-grid" width={width} height={height} /> : null}
      {sections.map((section) => (
        <g key={section.id} transform={`translate(${section.offsetX} ${section.offsetY})`}>
          <SectionBody section={section} />
          {section.seats.map((seat) => {
            if (seat.id === undefined) return null;
            const mapSeat = { id: seat.id, label: seat.label };
            const state = stateOf(seat.id);
            const look = LOOK[state];
            return (
              <g
                key={seat.id}
                transform={`translate(${seat.position_x} ${seat.position_y})`}
                role="button"
                tabIndex={0}
                aria-label={seatLabel(seat.label, state, occupantOf(seat.id))}
                aria-pressed={state === 'selected' ? true : undefined}
                data-seat={seat.label}
                data-state={state}
                className="cursor-pointer outline-none [&:focus-visible>.seat-focus]:visible"
                onClick={() => onSeat(mapSeat)}
                onKeyDown={(e) => onKeyDown(e, mapSeat)}
              >
                <circle className="seat-focus invisible fill-none stroke-ink" r={SEAT_DIAMETER / 2 + 6} strokeWidth={3} />
                <circle r={SEAT_DIAMETER / 2} className={cn(look.fill, look.stroke)} strokeWidth={look.width} strokeDasharray={look.dash} />
                <text y={-8} textAnchor="middle" dominantBaseline="central" className="fill-ink text-[14px] font-semibold" aria-hidden="true">
                  {seat.label.length > 7 ? `${seat.label.slice(0, 6)}…` : seat.label}
                </text>
                <text y={12} textAnchor="middle" dominantBaseline="central" className="fill-ink text-[11px]" aria-hidden="true">
                  {SHORT[state]}
                </text>
              </g>
            );
          })}
        </g>
      ))}
    </svg>
  );
}
