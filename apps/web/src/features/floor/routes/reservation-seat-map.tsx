import { useMemo, useState } from 'react';
import type { ReservationOutput } from '@kusina/domain/reservations';
import { SeatAllocationMessages as M, SeatPreferenceMessages as P, seatStateOf, type SeatState } from '@kusina/domain/seat-allocation-rules';
import type { SeatAllocationOutput } from '@kusina/domain/seat-allocations';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { formatDateTime, formatTime, toLocalInput } from '../../../lib/guam-dates.ts';
import { ActiveFloorPlanView, useActiveFloorPlan } from '../components/active-floor-plan.tsx';
import type { OccupantAction } from '../api/change-occupant.ts';
import { useSeatActions } from '../components/seat-actions.ts';
import { seatLabel, SeatLegend, type MapSeat, type SeatMark } from '../components/seat-map.tsx';
import { blockingAllocations } from './seat-preferences-picker.tsx';

export interface ReservationSeatMapProps {
  /** The reservation as saved: the server seats it at its saved start, for its saved party size. */
  reservation: ReservationOutput;
  /** The seat-preference options shown in the form (possibly not saved yet). */
  preferences: readonly (readonly string[])[];
  /** The form has unsaved changes to the party size, date or time: seats wait until they are saved. */
  unsaved: boolean;
  onClose(): void;
  /** The server changed the party's seats and status (seated, reserved, finished, no-show, canceled). */
  onSeated(): void;
}

/** Statuses a reservation can be given seats from (decision 0067). */
const SEATABLE = ['booked', 'reserved'];

/**
 * The reservation's Seat Map (backoffice §2 Reservation Details edit view; decision 0071): the active
 * layout at this reservation's date and stay — seats held by others over that stay as the server sees
 * them — with this party's seats and its preferred options ringed. A booked or reserved party
 * without seats is seated or reserved from here like the Floor Manager's wizard (pick exactly
 * party-size free seats, or start from a preferred option; Seat Now / Reserve Seats); a party
 * holding reserved seats can be seated (arrive), marked no-show or canceled, and a seated party
 * finished, with the words of the floor's seat dialog (decision 0071). The server checks
 * every call again.
 */
export function ReservationSeatMap({ reservation: r, preferences, unsaved, onClose, onSeated }: ReservationSeatMapProps) {
  const date = toLocalInput(r.start_time).slice(0, 10);
  const plan = useActiveFloorPlan(date, r.seat_labels.length ? r.seat_labels : (preferences[0] ?? []));
  const actions = useSeatActions();
  const [picked, setPicked] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [about, setAbout] = useState<string | null>(null);

  const all = plan.allocations.data;
  // Held by anyone over this reservation's stay, this party included (its seats show their state).
  const blocking = useMemo(() => {
    const map = new Map<number, SeatAllocationOutput[]>();
    for (const a of blockingAllocations(all ?? [], r.start_time, r.duration_minutes)) map.set(a.seat_id, [...(map.get(a.seat_id) ?? []), a]);
    return map;
  }, [all, r.start_time, r.duration_minutes]);
  const own = useMemo(() => (all ?? []).filter((a) => a.released_at === null && a.occupant_type === 'reservation' && a.occupant_id === r.id), [all, r.id]);
  const ownIds = new Set(own.map((a) => a.seat_id));

  const baseState = (seatId: number) => seatStateOf(blocking.get(seatId) ?? []);
  // A seat taken meanwhile (another host) drops out of the pick when the map reloads, as in the wizard.
  const chosen = picked.filter((id) => baseState(id) === 'free');
  const stateOf = (seatId: number): SeatState => (chosen.includes(seatId) ? 'selected' : baseState(seatId));
  const occupantOf = (seatId: number) => blocking.get(seatId)?.[0]?.occupant_name ?? null;
  const markOf = (seatId: number): SeatMark | null => {
    if (ownIds.has(seatId)) return { kind: 'party', note: 'this party’s seat', badge: '★' };
    const label = plan.labelOf.get(seatId);
    const options = preferences.flatMap((o, i) => (label !== undefined && o.includes(label) ? [i + 1] : []));
    if (options.length === 0) return null;
    return { kind: 'preferred', note: `preferred option${options.length > 1 ? 's' : ''} ${options.join(', ')}`, badge: String(options[0]) };
  };

  const seatable = SEATABLE.includes(r.status);
  const loaded = all !== undefined;
  const canGive = seatable && loaded && own.length === 0 && !unsaved && !plan.noLayout;
  const holdsReserved = own.some((a) => a.status === 'reserved');
  const holdsSeated = own.some((a) => a.status === 'seated');

  const onSeat = (seat: MapSeat) => {
    setProblem(null);
    if (!canGive) {
      // Nothing to pick: say what the seat is, in words (the same words as its name).
      setAbout(seatLabel(seat.label, stateOf(seat.id), occupantOf(seat.id), markOf(seat.id)));
      return;
    }
    if (chosen.includes(seat.id)) return setPicked(chosen.filter((id) => id !== seat.id));
    if (baseState(seat.id) !== 'free') return setProblem(M.notFree(seat.label));
    setPicked([...chosen, seat.id]);
  };

  /** Start from a preferred option: its seats are picked when all are free over its stay. */
  const pickOption = (index: number) => {
    setProblem(null);
    const labels = preferences[index] ?? [];
    if (labels.length === 0) return setProblem(P.emptyOption);
    const ids = labels.map((label) => plan.idOf.get(label));
    const missing = labels.filter((_, i) => ids[i] === undefined);
    if (missing.length > 0) return setProblem(`${M.seatNotFound} (${missing.join(', ')})`);
    if (ids.some((id) => baseState(id!) !== 'free')) return setProblem(P.taken);
    setPicked(ids as number[]);
    const floor = plan.sections.find((s) => s.seats.some((seat) => seat.label === labels[0]))?.floorNumber;
    if (floor !== undefined) plan.setFloor(floor);
  };

  const give = async (mode: 'seat' | 'reserve') => {
    setProblem(null);
    if (chosen.length !== r.party_size) return setProblem(M.needExactly(r.party_size));
    const failure = await actions.give(mode, { occupant_type: 'reservation', occupant_id: r.id, seat_ids: chosen, date });
    if (failure === null) {
      onSeated();
      onClose();
    } else if (failure) setProblem(failure);
  };

  /** The party's seats as the Floor Manager's seat dialog offers them: arrive, no-show, cancel, finish. */
  const act = async (action: OccupantAction) => {
    setProblem(null);
    if (await actions.act(action, { occupant_type: 'reservation', occupant_id: r.id })) {
      onSeated();
      onClose();
    }
  };

  const ownLabels = own.map((a) => a.seat_label);
  const ownState = own.some((a) => a.status === 'seated') ? 'seated' : 'reserved';

  return (
    <Dialog
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title="Seat Map"
      description={`${r.contact_name}, party of ${r.party_size} · ${formatDateTime(r.start_time)}`}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          {canGive ? (
            <>
              <Button loading={actions.busy} onClick={() => void give('seat')}>
                Seat Now
              </Button>
              <Button variant="secondary" disabled={actions.busy} onClick={() => void give('reserve')}>
                Reserve Seats
              </Button>
            </>
          ) : null}
          {holdsReserved && r.status === 'reserved' && !unsaved ? (
            <>
              <Button loading={actions.busy} onClick={() => void act('arrive')}>
                Seat This Party
              </Button>
              <Button variant="secondary" disabled={actions.busy} onClick={() => void act('no_show')}>
                Mark No-Show
              </Button>
              <Button variant="danger" disabled={actions.busy} onClick={() => void act('cancel')}>
                Cancel Reservation
              </Button>
            </>
          ) : null}
          {holdsSeated && r.status === 'seated' ? (
            <Button loading={actions.busy} onClick={() => void act('finish')}>
              Finish / Free Seat
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      }
    >
      <div className="space-y-3">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 text-sm" aria-label="This party">
          <dt className="font-semibold">Current Seats</dt>
          <dd data-testid="seat-map-current">
            {own.length ? `${ownLabels.join(', ')} (${ownState}, ${formatTime(own[0]!.start_time)} – ${formatTime(own[0]!.end_time)})` : 'None'}
          </dd>
          {preferences.map((option, i) => (
            <div key={i} className="contents">
              <dt className="font-semibold">Option {i + 1}</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <span>{option.join(', ') || '—'}</span>
                {canGive ? (
                  <Button size="sm" variant="secondary" aria-label={`Pick option ${i + 1}`} onClick={() => pickOption(i)}>
                    Pick
                  </Button>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>

        {unsaved ? (
          <Alert tone="warning">Save your changes to the party size, date or time first: seats are given for the saved reservation (party of {r.party_size}, {formatDateTime(r.start_time)}).</Alert>
        ) : null}
        {!seatable && own.length === 0 ? <Alert tone="info">{M.cannotSeat(r.status)}</Alert> : null}

        {canGive ? (
          <p aria-live="polite" className="rounded-xl border border-info-line bg-info-soft p-3 text-sm text-info-ink">
            Pick {r.party_size} free {r.party_size === 1 ? 'seat' : 'seats'} for <strong>{r.contact_name}</strong> ({chosen.length} of {r.party_size} picked), or start from a preferred option.
          </p>
        ) : (
          <p aria-live="polite" className="text-sm text-ink-muted">
            {about ?? (own.length ? 'This party holds its seats; the ringed seats are its own.' : 'Choose a seat to see who holds it.')}
          </p>
        )}

        <SeatLegend marks />
        <ActiveFloorPlanView plan={plan} stateOf={stateOf} occupantOf={occupantOf} onSeat={onSeat} markOf={markOf} notice={problem ? <Alert tone="error" className="whitespace-pre-line">{problem}</Alert> : null} />
      </div>
    </Dialog>
  );
}
