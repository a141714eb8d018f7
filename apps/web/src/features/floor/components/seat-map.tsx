import type { KeyboardEvent } from 'react';
import { SEAT_DIAMETER } from '@kusina/domain/layout-rules';
import type { SeatState } from '@kusina/domain/seat-allocation-rules';
import { cn } from '../../../lib/cn.ts';
import type { EditorSection } from '../utils/editor-sections.ts';
import { FloorGrid, SectionBody } from './floor-plan-parts.tsx';

export interface MapSeat {
  id: number;
  label: string;
}

/**
 * A seat singled out for one party (decision 0071): `party` for the seats it holds now, `preferred`
 * for a seat of one of its seat-preference options. `note` is read after the seat's state ("this
 * party's seat", "preferred option 1"); `badge` is the short text drawn on the seat's corner.
 */
export interface SeatMark {
  kind: 'party' | 'preferred';
  note: string;
  badge: string;
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
  /** Seats singled out for a party (the reservation's Seat Map); none elsewhere. */
  markOf?(seatId: number): SeatMark | null;
}

/** §4's colours, with a word and a stroke style too so no state is told by colour alone. */
const LOOK: Record<SeatState, { fill: string; stroke: string; word: string; dash?: string; width: number }> = {
  free: { fill: 'fill-success-soft', stroke: 'stroke-success-line', word: 'free', width: 2 },
  reserved: { fill: 'fill-warning-soft', stroke: 'stroke-warning-line', word: 'reserved', dash: '6 4', width: 3 },
  late: { fill: 'fill-warning-soft', stroke: 'stroke-warning-line', word: 'late', dash: '2 3', width: 5 },
  seated: { fill: 'fill-danger-soft', stroke: 'stroke-danger-line', word: 'seated', width: 3 },
  overstaying: { fill: 'fill-danger-soft', stroke: 'stroke-danger-line', word: 'overstaying', dash: '2 3', width: 5 },
  occupied: { fill: 'fill-danger-soft', stroke: 'stroke-danger-line', word: 'occupied', width: 3 },
  selected: { fill: 'fill-info-soft', stroke: 'stroke-info-line', word: 'selected', width: 5 },
};
const SHORT: Record<SeatState, string> = { free: 'Free', reserved: 'Held', late: 'Late', seated: 'Seated', overstaying: 'Over', occupied: 'Taken', selected: 'Picked' };

export function seatLabel(label: string, state: SeatState, occupant: string | null, mark: SeatMark | null = null): string {
  return `Seat ${label}, ${LOOK[state].word}${occupant ? `, ${occupant}` : ''}${mark ? `, ${mark.note}` : ''}`;
}

/**
 * The Floor Manager's seat map (backoffice §2, §4): the floor's sections drawn as in the Layout
 * Editor (shared parts), each seat a button named by its label and state ("Seat T1-2, free"),
 * coloured free green, reserved yellow, seated red, picked blue. Enter or Space acts on a seat.
 * A marked seat (markOf) gets a brand-coloured ring — solid for the party's own seats, dotted for
 * its preferred ones — and a corner badge, and its name says why.
 */
export function SeatMap({ sections, width, height, zoom, grid, stateOf, occupantOf, onSeat, markOf }: SeatMapProps) {
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
            const mark = markOf?.(seat.id) ?? null;
            return (
              <g
                key={seat.id}
                transform={`translate(${seat.position_x} ${seat.position_y})`}
                role="button"
                tabIndex={0}
                aria-label={seatLabel(seat.label, state, occupantOf(seat.id), mark)}
                aria-pressed={state === 'selected' ? true : undefined}
                data-seat={seat.label}
                data-state={state}
                data-mark={mark?.kind}
                className="cursor-pointer outline-none [&:focus-visible>.seat-focus]:visible"
                onClick={() => onSeat(mapSeat)}
                onKeyDown={(e) => onKeyDown(e, mapSeat)}
              >
                <circle className="seat-focus invisible fill-none stroke-ink" r={SEAT_DIAMETER / 2 + 6} strokeWidth={3} />
                <circle r={SEAT_DIAMETER / 2} className={cn(look.fill, look.stroke)} strokeWidth={look.width} strokeDasharray={look.dash} />
                {mark ? (
                  <circle r={SEAT_DIAMETER / 2 + 3} className="fill-none stroke-brand-ink" strokeWidth={mark.kind === 'party' ? 4 : 3} strokeDasharray={mark.kind === 'party' ? undefined : '2 4'} strokeLinecap="round" />
                ) : null}
                <text y={-8} textAnchor="middle" dominantBaseline="central" className="fill-ink text-[14px] font-semibold" aria-hidden="true">
                  {seat.label.length > 7 ? `${seat.label.slice(0, 6)}…` : seat.label}
                </text>
                <text y={12} textAnchor="middle" dominantBaseline="central" className="fill-ink text-[11px]" aria-hidden="true">
                  {SHORT[state]}
                </text>
                {mark ? (
                  <g transform={`translate(${SEAT_DIAMETER / 2 - 6} ${-SEAT_DIAMETER / 2 + 6})`} aria-hidden="true">
                    <circle r={11} className="fill-brand-ink stroke-surface" strokeWidth={2} />
                    <text textAnchor="middle" dominantBaseline="central" className="fill-surface text-[11px] font-bold">
                      {mark.badge}
                    </text>
                  </g>
                ) : null}
              </g>
            );
          })}
        </g>
      ))}
    </svg>
  );
}

/** The map's key (not colour alone, decision 0068); `marks` adds the party rings of the Seat Map (0071). */
export function SeatLegend({ marks = false }: { marks?: boolean }) {
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted" aria-label="Seat colours">
      <span>Green: free</span>
      <span>Yellow, dashed: reserved</span>
      <span>Yellow, dotted, thick: late</span>
      <span>Red: seated</span>
      <span>Red, dotted, thick: overstaying</span>
      <span>Blue, thick: picked</span>
      {marks ? (
        <>
          <span>Dark ring, ★: this party&rsquo;s seats</span>
          <span>Dotted ring, number: preferred option</span>
        </>
      ) : null}
    </p>
  );
}
