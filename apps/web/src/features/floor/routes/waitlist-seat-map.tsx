import { useMemo, useState } from 'react';
import { SeatAllocationMessages as M, seatStateOf, type SeatState } from '@kusina/domain/seat-allocation-rules';
import type { SeatAllocationOutput } from '@kusina/domain/seat-allocations';
import type { WaitlistEntryOutput } from '@kusina/domain/waitlist';
import { turnTimeFor } from '@kusina/domain/turn-time-rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { guamToday } from '../../../lib/guam-today.ts';
import { ActiveFloorPlanView, useActiveFloorPlan } from '../components/active-floor-plan.tsx';
import { useSeatActions } from '../components/seat-actions.ts';
import { SeatLegend, type MapSeat } from '../components/seat-map.tsx';
import { blockingAllocations } from './seat-preferences-picker.tsx';

export interface WaitlistSeatMapProps {
  /** A waiting party of today's list. */
  entry: WaitlistEntryOutput;
  onClose(): void;
  /** The server seated the party at the seats picked. */
  onSeated(): void;
  /**
   * The restaurant has no active layout: there are no seats to pick, and the party is seated by its
   * status alone (the Waitlist tab's own change).
   */
  onSeatWithoutFloor(): void;
}

/**
 * Seat from the waitlist (issue #35): the same seat choice as the Floor Manager's wizard — the active
 * layout now, seats held by others shown as the server sees them, exactly party-size free seats
 * picked, Seat Now through the floor's write (POST /seat_allocations/multi_create, decision 0067),
 * which checks the seats again and seats the party with its seat labels in one transaction.
 */
export function WaitlistSeatMap({ entry: e, onClose, onSeated, onSeatWithoutFloor }: WaitlistSeatMapProps) {
  const date = guamToday();
  const plan = useActiveFloorPlan(date);
  const actions = useSeatActions();
  const [picked, setPicked] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const all = plan.allocations.data;
  // Held by anyone for the party's stay from now (its turn time; the server checks with the
  // restaurant's own bands): a walk-in sits down at once.
  const blocking = useMemo(() => {
    const map = new Map<number, SeatAllocationOutput[]>();
    for (const a of blockingAllocations(all ?? [], new Date().toISOString(), turnTimeFor(e.party_size))) map.set(a.seat_id, [...(map.get(a.seat_id) ?? []), a]);
    return map;
  }, [all, e.party_size]);
  const baseState = (seatId: number) => seatStateOf(blocking.get(seatId) ?? []);
  // A seat taken meanwhile (another host) drops out of the pick when the map reloads.
  const chosen = picked.filter((id) => baseState(id) === 'free');
  const stateOf = (seatId: number): SeatState => (chosen.includes(seatId) ? 'selected' : baseState(seatId));
  const occupantOf = (seatId: number) => blocking.get(seatId)?.[0]?.occupant_name ?? null;

  const onSeat = (seat: MapSeat) => {
    setProblem(null);
    if (chosen.includes(seat.id)) return setPicked(chosen.filter((id) => id !== seat.id));
    if (baseState(seat.id) !== 'free') return setProblem(M.notFree(seat.label));
    setPicked([...chosen, seat.id]);
  };

  const seatNow = async () => {
    setProblem(null);
    if (chosen.length !== e.party_size) return setProblem(M.needExactly(e.party_size));
    const failure = await actions.give('seat', { occupant_type: 'waitlist', occupant_id: e.id, seat_ids: chosen, date });
    if (failure === null) onSeated();
    else if (failure) setProblem(failure);
  };

  const pickedLabels = chosen.map((id) => plan.labelOf.get(id)).filter((l): l is string => l !== undefined);
  return (
    <Dialog
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title="Seat from Waitlist"
      description={`${e.contact_name}, party of ${e.party_size}`}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          {plan.noLayout ? (
            <Button onClick={onSeatWithoutFloor}>Mark Seated</Button>
          ) : (
            <Button loading={actions.busy} disabled={all === undefined} onClick={() => void seatNow()}>
              Seat Now
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      }
    >
      <div className="space-y-3">
        {plan.noLayout ? (
          <Alert tone="info">There is no active floor layout, so there are no seats to choose. Mark the party seated, or set up the floor in the Layout tab.</Alert>
        ) : (
          <>
            <p aria-live="polite" className="rounded-xl border border-info-line bg-info-soft p-3 text-sm text-info-ink">
              Pick {e.party_size} free {e.party_size === 1 ? 'seat' : 'seats'} for <strong>{e.contact_name}</strong> ({chosen.length} of {e.party_size} picked
              {pickedLabels.length ? `: ${pickedLabels.join(', ')}` : ''}).
            </p>
            <SeatLegend />
            <ActiveFloorPlanView
              plan={plan}
              stateOf={stateOf}
              occupantOf={occupantOf}
              onSeat={onSeat}
              notice={problem ? <Alert tone="error" className="whitespace-pre-line">{problem}</Alert> : null}
            />
          </>
        )}
      </div>
    </Dialog>
  );
}
