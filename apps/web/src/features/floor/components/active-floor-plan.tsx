import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { canvasSize, floorsOf, stepZoom, ZOOM_MIN } from '@kusina/domain/layout-rules';
import { SeatAllocationMessages as M, type SeatState } from '@kusina/domain/seat-allocation-rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getLayoutQueryOptions } from '../api/get-layout.ts';
import { toEditorSections } from '../utils/editor-sections.ts';
import { useLayouts } from '../api/get-layouts.ts';
import { useSeatAllocations } from '../api/get-seat-allocations.ts';
import { FloorTabs, ViewControls } from './floor-plan-parts.tsx';
import { SeatMap, type MapSeat, type SeatMark } from './seat-map.tsx';

/**
 * The active layout on one Guam day, as the dialogs that show the floor for a reservation draw it
 * (the Seat Preferences picker, decision 0069; the reservation's Seat Map, 0071): the layout, the
 * day's allocations, the floor shown (at first the floor of `startOn`'s first seat, else the
 * lowest), the Auto canvas, Grid and zoom.
 */
export function useActiveFloorPlan(date: string, startOn: readonly string[] = []) {
  const [grid, setGrid] = useState(true);
  const [zoom, setZoom] = useState(1);
  const [floorChoice, setFloor] = useState<number | null>(null);

  const layouts = useLayouts();
  const activeId = layouts.data?.find((l) => l.is_active)?.id ?? null;
  const layout = useQuery({ ...getLayoutQueryOptions(activeId ?? 0), enabled: activeId !== null });
  const allocations = useSeatAllocations(date);

  const sections = useMemo(() => (layout.data ? toEditorSections(layout.data) : []), [layout.data]);
  const floors = useMemo(() => floorsOf(sections), [sections]);
  const startFloor = sections.find((s) => s.seats.some((seat) => startOn.includes(seat.label)))?.floorNumber;
  const floor = floorChoice !== null && floors.includes(floorChoice) ? floorChoice : (startFloor ?? floors[0] ?? 1);
  const onFloor = useMemo(() => sections.filter((s) => s.floorNumber === floor), [sections, floor]);
  const labelOf = useMemo(() => new Map(sections.flatMap((s) => s.seats).map((s) => [s.id, s.label])), [sections]);
  const idOf = useMemo(() => new Map(sections.flatMap((s) => s.seats).map((s) => [s.label, s.id])), [sections]);

  return {
    layouts,
    activeId,
    layout,
    allocations,
    sections,
    floors,
    floor,
    setFloor,
    onFloor,
    size: canvasSize('auto', onFloor),
    grid,
    setGrid,
    zoom,
    onZoom: (direction: -1 | 0 | 1) => setZoom((z) => (direction === 0 ? 1 : stepZoom(z, direction))),
    labelOf,
    idOf,
    loadError: layouts.isError ? M.loadInitialFailed : layout.isError ? M.loadLayoutFailed : allocations.isError ? M.loadAllocationsFailed : null,
    noLayout: layouts.isSuccess && activeId === null,
    loading: layouts.isPending || (activeId !== null && layout.isPending),
  };
}

export type ActiveFloorPlan = ReturnType<typeof useActiveFloorPlan>;

interface ActiveFloorPlanViewProps {
  plan: ActiveFloorPlan;
  stateOf(seatId: number): SeatState;
  occupantOf(seatId: number): string | null;
  onSeat(seat: MapSeat): void;
  markOf?(seatId: number): SeatMark | null;
  /** Shown above the load errors (e.g. the dialog's own refusal). */
  notice?: ReactNode;
}

/** The plan's view controls, floor tabs, load errors and the seat map scrolling in its own box. */
export function ActiveFloorPlanView({ plan, stateOf, occupantOf, onSeat, markOf, notice }: ActiveFloorPlanViewProps) {
  return (
    <>
      <div className="flex flex-wrap items-end gap-2" role="group" aria-label="Seat map view">
        <ViewControls grid={plan.grid} onGrid={plan.setGrid} zoom={plan.zoom} zoomMin={ZOOM_MIN} onZoom={plan.onZoom} />
      </div>
      <FloorTabs floors={plan.floors} current={plan.floor} onSelect={plan.setFloor} />
      {notice}
      {plan.loadError ? <Alert tone="error">{plan.loadError}</Alert> : null}
      {plan.noLayout ? <Alert tone="warning">{M.noLayout}</Alert> : null}
      <div className="relative max-h-[50vh] min-h-48 w-full overflow-auto rounded-xl border border-line bg-surface-muted">
        {plan.loading ? (
          <div className="flex justify-center py-16">
            <Spinner size="lg" label="Loading layout…" />
          </div>
        ) : (
          <SeatMap sections={plan.onFloor} width={plan.size.width} height={plan.size.height} zoom={plan.zoom} grid={plan.grid} stateOf={stateOf} occupantOf={occupantOf} onSeat={onSeat} {...(markOf ? { markOf } : {})} />
        )}
      </div>
    </>
  );
}
