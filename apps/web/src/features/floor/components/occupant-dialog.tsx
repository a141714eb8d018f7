import { useId, useState } from 'react';
import type { ReservationOutput } from '@kusina/domain/reservations';
import type { WaitlistEntryOutput } from '@kusina/domain/waitlist';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { formatTime } from '../../../lib/guam-dates.ts';
import { occupantOfEntry, occupantOfReservation, type Occupant } from './use-floor-manager.ts';

interface OccupantDialogProps {
  /** The reservations that can be given seats (seatableReservations). */
  reservations: ReservationOutput[];
  waitlist: WaitlistEntryOutput[];
  onClose(): void;
  onStart(occupant: Occupant): void;
}

/**
 * Select Occupant (backoffice §2 Floor Manager, §4 seating wizard): the day's reservations still to
 * be seated (booked, or approved without seats: decision 0075) and waiting walk-ins, grouped; Start
 * Wizard goes on to pick the seats on the map.
 */
export function OccupantDialog({ reservations, waitlist, onClose, onStart }: OccupantDialogProps) {
  const booked = reservations;
  const waiting = waitlist.filter((e) => e.status === 'waiting');
  const options = [...booked.map(occupantOfReservation), ...waiting.map(occupantOfEntry)];
  const [choice, setChoice] = useState<string>(options[0] ? `${options[0].type}-${options[0].id}` : '');
  const [error, setError] = useState<string | null>(null);
  const name = useId();
  const chosen = options.find((o) => `${o.type}-${o.id}` === choice) ?? null;

  const group = (legend: string, items: Occupant[], detail: (o: Occupant) => string, empty: string) => (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-bold">{legend}</legend>
      {items.length === 0 ? <p className="text-sm text-ink-muted">{empty}</p> : null}
      {items.map((o) => {
        const value = `${o.type}-${o.id}`;
        return (
          <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 py-2 has-[:checked]:border-brand has-[:checked]:bg-brand-soft">
            <input type="radio" name={name} value={value} checked={choice === value} onChange={() => setChoice(value)} className="size-4 accent-[var(--color-brand)]" />
            <span className="min-w-0">
              <span className="font-semibold">{o.name}</span> <span className="text-sm text-ink-muted">({detail(o)})</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Select Occupant"
      description="Choose a party, then pick its seats on the map."
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
          <Button
            onClick={() => {
              if (!chosen) {
                setError('Choose a party first.');
                return;
              }
              onStart(chosen);
            }}
          >
            Start Wizard
          </Button>
        </div>
      }
    >
      <div className="space-y-4">
        {group(
          'Reservations (booked)',
          booked.map(occupantOfReservation),
          (o) => {
            const r = booked.find((x) => x.id === o.id)!;
            return `${formatTime(r.start_time)}, party of ${o.partySize}`;
          },
          'No booked reservations this day.',
        )}
        {group('Waitlist (waiting)', waiting.map(occupantOfEntry), (o) => `party of ${o.partySize}`, 'Nobody is waiting.')}
        {error ? (
          <p role="alert" className="text-sm font-semibold text-danger-ink">
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
