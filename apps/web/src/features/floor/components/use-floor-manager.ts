import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { canvasSize, DEFAULT_CANVAS_SIZE, floorsOf, LayoutMessages, stepZoom, type CanvasSizeName } from '@kusina/domain/layout-rules';
import type { ReservationOutput } from '@kusina/domain/reservations';
import { SeatAllocationMessages as M, seatStateOf, type OccupantType, type SeatState } from '@kusina/domain/seat-allocation-rules';
import type { SeatAllocationOutput } from '@kusina/domain/seat-allocations';
import type { WaitlistEntryOutput } from '@kusina/domain/waitlist';
import { getLayoutQueryOptions } from '../api/get-layout.ts';
import { toEditorSections } from '../utils/editor-sections.ts';
import { useLayouts } from '../api/get-layouts.ts';
import { useReservations } from '../../reservations/api/get-reservations.ts';
import { useSeatAllocations } from '../api/get-seat-allocations.ts';
import { type OccupantAction } from '../api/change-occupant.ts';
import { useWaitlist } from '../../waitlist/api/get-waitlist.ts';
import { guamToday } from '../../../lib/guam-today.ts';
import { useSeatActions } from './seat-actions.ts';

export interface Occupant {
  type: OccupantType;
  id: number;
  name: string;
  partySize: number;
}

export const occupantOfReservation = (r: ReservationOutput): Occupant => ({ type: 'reservation', id: r.id, name: r.contact_name, partySize: r.party_size });
/**
 * The reservations a host can still give seats (decision 0075): booked ones, and approved ones
 * (status reserved) that hold no seats yet — Approve sets reserved without seats, and the server
 * seats or holds either (0067). Listed under the spec's "Reservations (booked)".
 */
export function seatableReservations(reservations: readonly ReservationOutput[], holdsSeats: (type: 'reservation', id: number) => boolean): ReservationOutput[] {
  return reservations.filter((r) => r.status === 'booked' || (r.status === 'reserved' && !holdsSeats('reservation', r.id)));
}
export const occupantOfEntry = (e: WaitlistEntryOutput): Occupant => ({ type: 'waitlist', id: e.id, name: e.contact_name, partySize: e.party_size });

/**
 * The Floor Manager's state (backoffice §2 Floor Manager, §4 seating wizard, §5, §8): the day, the
 * layout shown (-- None -- is the active one), the view, the day's allocations, reservations and
 * waitlist, and the wizard: a party chosen, exactly party-size free seats picked, then Seat Now or
 * Reserve Seats. The server checks it all again (decision 0067).
 */
export function useFloorManager() {
  const seatActions = useSeatActions();
  const busy = seatActions.busy;
  const [date, setDate] = useState(guamToday());
  const [layoutChoice, setLayoutChoice] = useState<number | null>(null);
  const [sizeName, setSizeName] = useState<CanvasSizeName>(DEFAULT_CANVAS_SIZE);
  const [grid, setGrid] = useState(true);
  const [zoom, setZoom] = useState(1);
  const [floorChoice, setFloor] = useState<number | null>(null);
  const [wizard, setWizard] = useState<Occupant | null>(null);
  const [picked, setPicked] = useState<number[]>([]);

  const layouts = useLayouts();
  const activeId = layouts.data?.find((l) => l.is_active)?.id ?? null;
  const layoutId = layoutChoice ?? activeId;
  const layout = useQuery({ ...getLayoutQueryOptions(layoutId ?? 0), enabled: layoutId !== null });
  const allocations = useSeatAllocations(date);
  const reservations = useReservations({ date });
  const waitlist = useWaitlist(date);

  const sections = useMemo(() => (layout.data ? toEditorSections(layout.data) : []), [layout.data]);
  const floors = useMemo(() => floorsOf(sections), [sections]);
  const floor = floorChoice !== null && floors.includes(floorChoice) ? floorChoice : (floors[0] ?? 1);
  const onFloor = useMemo(() => sections.filter((s) => s.floorNumber === floor), [sections, floor]);
  const size = canvasSize(sizeName, onFloor);

  const bySeat = useMemo(() => {
    const map = new Map<number, SeatAllocationOutput[]>();
    for (const a of allocations.data ?? []) map.set(a.seat_id, [...(map.get(a.seat_id) ?? []), a]);
    return map;
  }, [allocations.data]);
  const baseState = (seatId: number) => seatStateOf(bySeat.get(seatId) ?? []);
  // A seat taken meanwhile (another host, a lost race) is no longer picked once the map reloads.
  const chosen = picked.filter((id) => baseState(id) === 'free');
  const stateOf = (seatId: number): SeatState => (chosen.includes(seatId) ? 'selected' : baseState(seatId));
  const occupantAt = (seatId: number): SeatAllocationOutput | null => bySeat.get(seatId)?.find((a) => a.released_at === null) ?? null;
  const labelOf = (seatId: number) => sections.flatMap((s) => s.seats).find((s) => s.id === seatId)?.label ?? String(seatId);

  const startWizard = (occupant: Occupant, preselected: number[] = []) => {
    setWizard(occupant);
    setPicked(preselected.filter((id) => baseState(id) === 'free'));
  };
  const stopWizard = () => {
    setWizard(null);
    setPicked([]);
  };
  /** A seat tapped while picking: only free seats can be picked (§5). */
  const togglePick = (seatId: number) => {
    if (chosen.includes(seatId)) {
      setPicked(chosen.filter((id) => id !== seatId));
      return;
    }
    if (baseState(seatId) !== 'free') {
      toast.error(M.notFree(labelOf(seatId)));
      return;
    }
    setPicked([...chosen, seatId]);
  };

  /** Seat Now (multi_create) or Reserve Seats (reserve). True when the seats were given. */
  const submit = async (mode: 'seat' | 'reserve'): Promise<boolean> => {
    if (!wizard || busy) return false;
    if (chosen.length !== wizard.partySize) {
      toast.error(M.needExactly(wizard.partySize));
      return false;
    }
    if ((await seatActions.give(mode, { occupant_type: wizard.type, occupant_id: wizard.id, seat_ids: chosen, date })) !== null) return false;
    stopWizard();
    return true;
  };

  const act = (action: OccupantAction, allocation: Pick<SeatAllocationOutput, 'occupant_type' | 'occupant_id'>): Promise<boolean> => seatActions.act(action, allocation);

  const loadError = layouts.isError ? M.loadInitialFailed : layout.isError ? M.loadLayoutFailed : allocations.isError ? M.loadAllocationsFailed : null;

  // The parties holding seats now (a live allocation): only they are shown "at" their seats.
  const holding = useMemo(() => new Set((allocations.data ?? []).map((a) => `${a.occupant_type}:${a.occupant_id}`)), [allocations.data]);

  return {
    date,
    holdsSeats: (type: SeatAllocationOutput['occupant_type'], id: number) => holding.has(`${type}:${id}`),
    setDate: (next: string) => {
      setDate(next);
      stopWizard();
    },
    layouts,
    layoutChoice,
    setLayoutChoice: (id: number | null) => {
      setLayoutChoice(id);
      stopWizard();
    },
    layoutId,
    layout,
    noLayout: layouts.isSuccess && layoutId === null,
    sizeName,
    setSizeName,
    grid,
    setGrid,
    zoom,
    zoomIn: () => setZoom((z) => stepZoom(z, 1)),
    zoomOut: () => setZoom((z) => stepZoom(z, -1)),
    zoomReset: () => setZoom(1),
    floors,
    floor,
    setFloor,
    onFloor,
    size,
    stateOf,
    occupantAt,
    reservations,
    waitlist,
    wizard,
    picked: chosen,
    busy,
    startWizard,
    stopWizard,
    togglePick,
    submit,
    act,
    loadError,
    layoutListFailed: LayoutMessages.listFailed,
  };
}
