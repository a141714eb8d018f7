import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { canvasSize, DEFAULT_CANVAS_SIZE, floorsOf, LayoutMessages, stepZoom, type CanvasSizeName } from '@kusina/domain/floor-layout';
import type { ReservationOutput } from '@kusina/domain/reservations';
import { SeatAllocationMessages as M, seatStateOf, type OccupantType, type SeatState } from '@kusina/domain/seat-allocation-rules';
import type { SeatAllocationOutput } from '@kusina/domain/seat-allocations';
import type { WaitlistEntryOutput } from '@kusina/domain/waitlist';
import { ApiError } from '../../../../lib/api-client.ts';
import { getLayoutQueryOptions, toEditorSections, useLayouts } from '../../api/layouts.ts';
import { reservationListsKey, useReservations } from '../../api/reservations.ts';
import { changeOccupant, reserveSeats, seatAllocationsKey, seatParty, useSeatAllocations, type OccupantAction } from '../../api/seat-allocations.ts';
import { useWaitlist, waitlistListsKey } from '../../api/waitlist.ts';
import { failureMessage } from '../../utils/failure-message.ts';
import { guamToday } from '../../utils/today.ts';

export interface Occupant {
  type: OccupantType;
  id: number;
  name: string;
  partySize: number;
}

export const occupantOfReservation = (r: ReservationOutput): Occupant => ({ type: 'reservation', id: r.id, name: r.contact_name, partySize: r.party_size });
export const occupantOfEntry = (e: WaitlistEntryOutput): Occupant => ({ type: 'waitlist', id: e.id, name: e.contact_name, partySize: e.party_size });

const toastFailure = (message: string) => toast.error(message, { style: { whiteSpace: 'pre-line' } });

const ACTION_TOASTS: Record<OccupantAction, { ok: string; failed: string }> = {
  arrive: { ok: M.arrived, failed: M.arriveFailed },
  finish: { ok: M.finished, failed: M.finishFailed },
  no_show: { ok: M.noShow, failed: M.noShowFailed },
  cancel: { ok: M.canceled, failed: M.cancelFailed },
};

/**
 * The Floor Manager's state (backoffice §2 Floor Manager, §4 seating wizard, §5, §8): the day, the
 * layout shown (-- None -- is the active one), the view, the day's allocations, reservations and
 * waitlist, and the wizard: a party chosen, exactly party-size free seats picked, then Seat Now or
 * Reserve Seats. The server checks it all again (decision 0067).
 */
export function useFloorManager() {
  const queryClient = useQueryClient();
  const [date, setDate] = useState(guamToday());
  const [layoutChoice, setLayoutChoice] = useState<number | null>(null);
  const [sizeName, setSizeName] = useState<CanvasSizeName>(DEFAULT_CANVAS_SIZE);
  const [grid, setGrid] = useState(true);
  const [zoom, setZoom] = useState(1);
  const [floorChoice, setFloor] = useState<number | null>(null);
  const [wizard, setWizard] = useState<Occupant | null>(null);
  const [picked, setPicked] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

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

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: seatAllocationsKey }),
      queryClient.invalidateQueries({ queryKey: reservationListsKey }),
      queryClient.invalidateQueries({ queryKey: waitlistListsKey }),
    ]);
  };

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
    setBusy(true);
    try {
      const body = { occupant_type: wizard.type, occupant_id: wizard.id, seat_ids: chosen, date };
      await (mode === 'seat' ? seatParty(body) : reserveSeats(body));
      toast.success(mode === 'seat' ? M.seated : M.reserved);
      stopWizard();
      return true;
    } catch (error) {
      console.error(error);
      const taken = mode === 'seat' ? M.seatsTaken : M.seatsReserved;
      // The spec's 422 words when seats were taken meanwhile (the map is refreshed); another refusal
      // keeps the spec's sentence and adds the server's reason (decision 0068).
      if (error instanceof ApiError && error.status === 422 && (error.message === M.seatsTaken || error.message === M.seatsReserved)) toast.error(taken);
      else toastFailure(failureMessage(mode === 'seat' ? M.seatingFailed : M.reservingFailed, error));
      return false;
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const act = async (action: OccupantAction, allocation: Pick<SeatAllocationOutput, 'occupant_type' | 'occupant_id'>): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    try {
      await changeOccupant(action, { occupant_type: allocation.occupant_type, occupant_id: allocation.occupant_id });
      toast.success(ACTION_TOASTS[action].ok);
      return true;
    } catch (error) {
      console.error(error);
      toastFailure(failureMessage(ACTION_TOASTS[action].failed, error));
      return false;
    } finally {
      setBusy(false);
      await refresh();
    }
  };

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
