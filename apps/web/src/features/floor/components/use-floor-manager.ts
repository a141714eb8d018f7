import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { canvasSize, DEFAULT_CANVAS_SIZE, floorsOf, LayoutMessages, stepZoom, type CanvasSizeName } from '@kusina/domain/layout-rules';
import type { ReservationOutput } from '@kusina/domain/reservations';
import { allocationHolds, SeatAllocationMessages as M, type OccupantType, type SeatState } from '@kusina/domain/seat-allocation-rules';
import { turnTimeFor } from '@kusina/domain/turn-time-rules';
import { allocationStateAt, coversTimeline, isLate, seatStateAt, shiftsOf, type Stay } from '@kusina/domain/floor-time-rules';
import { clockTime, parseClockTime, weekdayOf, zonedInstant, zonedParts } from '@kusina/domain/restaurant-schedule';
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
import { useHours } from '../../reservations/api/get-hours.ts';
import { useSeatActions } from './seat-actions.ts';

/** The real clock, read again every 30 s: what "now" means on the floor. */
function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** On another day than today, with no time chosen, the floor opens at 18:00 (§9's expected hour). */
const OTHER_DAY_MINUTES = 18 * 60;
/** Parties whose stays fill the room (the covers timeline). */
const IN_ROOM = new Set(['booked', 'reserved', 'seated', 'finished']);

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
  const [date, setDate] = useState(() => guamToday(new Date(Date.now())));
  /** The hour shown ('HH:MM', Guam), or null: now (today) or 18:00 (another day). */
  const [time, setTime] = useState<string | null>(null);
  const tick = useNow();
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
  // Now is also when the seats last arrived: a party seated a moment ago is seated on the map at once.
  const now = Math.max(tick, allocations.dataUpdatedAt);
  const today = zonedParts(now).date;
  const atMinutes = time !== null ? (parseClockTime(time) ?? 0) : date === today ? zonedParts(now).minutes : OTHER_DAY_MINUTES;
  const at = time === null && date === today ? now : zonedInstant(date, atMinutes);
  const reservations = useReservations({ date });
  const waitlist = useWaitlist(date);
  const hours = useHours();

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
  // While seats are picked for a party: a seat free at the hour shown but held for another party
  // within this one's stay (its turn time from then) cannot be picked — the server would refuse it.
  const heldDuringStay = new Map<number, SeatAllocationOutput>();
  if (wizard) {
    const until = at + turnTimeFor(wizard.partySize) * 60_000;
    for (const a of allocations.data ?? []) {
      if (a.released_at !== null || (a.occupant_type === wizard.type && a.occupant_id === wizard.id)) continue;
      if (allocationHolds({ status: a.status, start: Date.parse(a.start_time), end: Date.parse(a.end_time) }, at, until, now)) heldDuringStay.set(a.seat_id, a);
    }
  }
  const baseState = (seatId: number): Exclude<SeatState, 'selected' | 'occupied'> => {
    const state = seatStateAt(bySeat.get(seatId) ?? [], at, now);
    return state === 'free' && heldDuringStay.has(seatId) ? 'reserved' : state;
  };
  // A seat taken meanwhile (another host, a lost race) is no longer picked once the map reloads.
  const chosen = picked.filter((id) => baseState(id) === 'free');
  const stateOf = (seatId: number): SeatState => (chosen.includes(seatId) ? 'selected' : baseState(seatId));
  /** The party that gives the seat its state at the hour shown. */
  const occupantAt = (seatId: number): SeatAllocationOutput | null => {
    const state = baseState(seatId);
    if (state === 'free') return null;
    return bySeat.get(seatId)?.find((a) => allocationStateAt(a, at, now) === state) ?? heldDuringStay.get(seatId) ?? null;
  };
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

  // The day's hours and shifts (Lunch and Dinner, or one), and the covers in 15-minute steps.
  const dayHours = hours.data?.find((h) => h.day_of_week === weekdayOf(date));
  const open = dayHours && !dayHours.closed ? parseClockTime(dayHours.open_time.slice(0, 5)) : null;
  const close = dayHours && !dayHours.closed ? parseClockTime(dayHours.close_time.slice(0, 5)) : null;
  const shifts = useMemo(() => shiftsOf(open, close), [open, close]);
  const timeline = useMemo(() => {
    const stays: Stay[] = [];
    for (const r of reservations.data ?? []) {
      if (IN_ROOM.has(r.status)) stays.push({ start: Date.parse(r.start_time), end: Date.parse(r.end_time), guests: r.party_size });
    }
    // Walk-ins and waitlist parties: their seated stay, once per party.
    const walkIns = new Map<number, Stay>();
    for (const a of allocations.data ?? []) {
      if (a.occupant_type !== 'waitlist' || (a.status !== 'seated' && a.status !== 'finished')) continue;
      const start = Date.parse(a.start_time);
      const end = a.released_at ? Math.min(Date.parse(a.released_at), Date.parse(a.end_time)) : Date.parse(a.end_time);
      const known = walkIns.get(a.occupant_id);
      walkIns.set(a.occupant_id, { start: Math.min(start, known?.start ?? start), end: Math.max(end, known?.end ?? end), guests: a.occupant_party_size });
    }
    stays.push(...walkIns.values());
    const from = zonedInstant(date, open ?? 10 * 60);
    const closing = close === null ? 23 * 60 : close <= (open ?? 0) ? close + 24 * 60 : close;
    return coversTimeline(stays, from, zonedInstant(date, 0) + closing * 60_000);
  }, [reservations.data, allocations.data, date, open, close]);

  return {
    date,
    time: time ?? clockTime(atMinutes),
    /** The hour shown follows the clock (no time chosen, today). */
    live: time === null && date === today,
    at,
    now,
    setTime: (next: string | null) => {
      setTime(next);
      stopWizard();
    },
    shifts,
    timeline,
    isLate: (party: { status: string; start_time: string }) => isLate(party, at, now),
    holdsSeats: (type: SeatAllocationOutput['occupant_type'], id: number) => holding.has(`${type}:${id}`),
    setDate: (next: string) => {
      setDate(next);
      setTime(null);
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
    noShow: (reservationId: number) => seatActions.noShow(reservationId, holding.has(`reservation:${reservationId}`)),
    seatCount: sections.reduce((sum, s) => sum + s.seats.length, 0),
    loadError,
    layoutListFailed: LayoutMessages.listFailed,
  };
}
