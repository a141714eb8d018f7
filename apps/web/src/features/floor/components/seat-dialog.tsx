import type { SeatAllocationOutput } from '@kusina/domain/seat-allocations';
import type { SeatState } from '@kusina/domain/seat-allocation-rules';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import type { OccupantAction } from '../api/change-occupant.ts';
import { formatTime } from '../../../lib/guam-dates.ts';

const DESCRIPTION: Partial<Record<SeatDialogProps['state'], string>> = {
  free: 'This seat is free.',
  late: "This seat's party is late: past its time and not seated.",
  overstaying: "This seat's party is past its expected end.",
};

interface SeatDialogProps {
  label: string;
  state: Exclude<SeatState, 'selected'>;
  allocation: SeatAllocationOutput | null;
  busy: boolean;
  onClose(): void;
  onAction(action: OccupantAction, allocation: SeatAllocationOutput): void;
  onSeatHere(): void;
}

/**
 * The dialog of a seat by its state (backoffice §4): reserved or late → Seat This Party (arrive),
 * Mark No-Show, Cancel Reservation; seated or overstaying → Finish / Free Seat; any other occupant → Cancel / Free; a
 * free seat → Seat/Reserve Now.
 */
export function SeatDialog({ label, state, allocation, busy, onClose, onAction, onSeatHere }: SeatDialogProps) {
  const party = allocation ? `${allocation.occupant_name}, party of ${allocation.occupant_party_size} (${allocation.occupant_type === 'reservation' ? 'reservation' : 'waitlist'})` : null;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Seat ${label}`} description={DESCRIPTION[state] ?? `This seat is ${state}.`}>
      <div className="space-y-4">
        {allocation ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold">Party</dt>
            <dd>{party}</dd>
            <dt className="font-semibold">Time</dt>
            <dd>
              {formatTime(allocation.start_time)} – {formatTime(allocation.end_time)}
            </dd>
          </dl>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {state === 'free' ? <Button onClick={onSeatHere}>Seat/Reserve Now</Button> : null}
          {(state === 'reserved' || state === 'late') && allocation ? (
            <>
              <Button loading={busy} onClick={() => onAction('arrive', allocation)}>Seat This Party</Button>
              <Button variant="secondary" disabled={busy} onClick={() => onAction('no_show', allocation)}>Mark No-Show</Button>
              <Button variant="danger" disabled={busy} onClick={() => onAction('cancel', allocation)}>Cancel Reservation</Button>
            </>
          ) : null}
          {(state === 'seated' || state === 'overstaying') && allocation ? (
            <Button loading={busy} onClick={() => onAction('finish', allocation)}>Finish / Free Seat</Button>
          ) : null}
          {state === 'occupied' && allocation ? (
            <Button variant="danger" loading={busy} onClick={() => onAction('cancel', allocation)}>Cancel / Free</Button>
          ) : null}
          <Button variant="secondary" onClick={onClose}>Close</Button>
        </div>
      </div>
    </Dialog>
  );
}
