import { useId, useMemo, useState, type Ref } from 'react';
import { allocationHolds, MAX_SEAT_PREFERENCE_OPTIONS, SeatPreferenceMessages as P, seatStateOf, type SeatState } from '@kusina/domain/seat-allocation-rules';
import type { SeatAllocationOutput } from '@kusina/domain/seat-allocations';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { cn } from '../../../lib/cn.ts';
import { ActiveFloorPlanView, useActiveFloorPlan } from '../components/active-floor-plan.tsx';
import type { MapSeat } from '../components/seat-map.tsx';

export interface SeatPreferencesPickerProps {
  /** The Guam day the reservation is on (the day's allocations are loaded for it). */
  date: string;
  /** The reservation's start (ISO); seats are free when nobody holds them over its stay. */
  startTime: string | null;
  /** The reservation's length in minutes (its stay, decision 0105). */
  durationMinutes: number;
  partySize: number;
  /** The reservation being edited: its own seats count as free. */
  reservationId?: number | undefined;
  initial: readonly (readonly string[])[];
  onCancel(): void;
  onSave(options: string[][]): void;
}

const MINUTE_MS = 60_000;

/**
 * Which allocations make a seat unavailable for a reservation starting at `startTime` for
 * `durationMinutes` (§5; decision 0105, the domain's allocationHolds: a live allocation's span plus
 * the buffer, a party seated past its expected end up to now, never past its day); without a start,
 * any live allocation of the day. The reservation's own seats never count against it.
 */
export function blockingAllocations(all: readonly SeatAllocationOutput[], startTime: string | null, durationMinutes: number, reservationId?: number, now = Date.now()): SeatAllocationOutput[] {
  const start = startTime ? Date.parse(startTime) : Number.NaN;
  const end = start + durationMinutes * MINUTE_MS;
  return all.filter((a) => {
    if (a.released_at !== null) return false;
    if (reservationId !== undefined && a.occupant_type === 'reservation' && a.occupant_id === reservationId) return false;
    if (Number.isNaN(start)) return true;
    return allocationHolds({ status: a.status, start: Date.parse(a.start_time), end: Date.parse(a.end_time) }, start, end, now);
  });
}

/**
 * Select Seat Preferences (backoffice §2, §5; decision 0069): up to three options, each up to
 * party-size free seats of the active layout, picked on the Floor Manager's seat map. Refusals are
 * shown in the dialog (role=alert), not as browser alerts. Save returns the non-empty options.
 */
export function SeatPreferencesPicker({ date, startTime, durationMinutes, partySize, reservationId, initial, onCancel, onSave }: SeatPreferencesPickerProps) {
  const [options, setOptions] = useState<string[][]>(() => Array.from({ length: MAX_SEAT_PREFERENCE_OPTIONS }, (_, i) => [...(initial[i] ?? [])]));
  const [current, setCurrent] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const plan = useActiveFloorPlan(date, initial[0] ?? []);
  const { labelOf, allocations } = plan;
  const blocking = useMemo(() => {
    const map = new Map<number, SeatAllocationOutput[]>();
    for (const a of blockingAllocations(allocations.data ?? [], startTime, durationMinutes, reservationId)) map.set(a.seat_id, [...(map.get(a.seat_id) ?? []), a]);
    return map;
  }, [allocations.data, startTime, durationMinutes, reservationId]);

  const baseState = (seatId: number) => seatStateOf(blocking.get(seatId) ?? []);
  const picked = options[current] ?? [];
  const stateOf = (seatId: number): SeatState => (picked.includes(labelOf.get(seatId) ?? '') ? 'selected' : baseState(seatId));
  const occupantOf = (seatId: number) => blocking.get(seatId)?.[0]?.occupant_name ?? null;

  const onSeat = (seat: MapSeat) => {
    setProblem(null);
    if (picked.includes(seat.label)) {
      setOptions(options.map((o, i) => (i === current ? o.filter((l) => l !== seat.label) : o)));
      return;
    }
    const state = baseState(seat.id);
    if (state !== 'free') {
      setProblem(P.notFree(seat.label, state));
      return;
    }
    if (picked.length >= partySize) {
      setProblem(P.optionFull(current + 1, partySize));
      return;
    }
    setOptions(options.map((o, i) => (i === current ? [...o, seat.label] : o)));
  };

  return (
    <Dialog
      open
      size="lg"
      onOpenChange={(open) => !open && onCancel()}
      title="Select Seat Preferences"
      description={`Up to ${partySize} ${partySize === 1 ? 'seat' : 'seats'} per option.`}
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={() => onSave(options.filter((o) => o.length > 0))}>Save</Button>
        </div>
      }
    >
      <div className="space-y-3">
        <div className="flex flex-wrap gap-1" role="group" aria-label="Seat preference options">
          {options.map((o, i) => (
            <button
              key={i}
              type="button"
              aria-pressed={i === current}
              onClick={() => (setCurrent(i), setProblem(null))}
              className={cn('min-h-11 rounded-full border px-4 text-sm font-semibold md:min-h-9', i === current ? 'border-brand bg-brand text-on-brand' : 'border-line-strong bg-surface text-ink hover:bg-surface-muted')}
            >
              Option {i + 1}
              <span className="sr-only">, {o.length} picked</span>
            </button>
          ))}
        </div>
        <ActiveFloorPlanView plan={plan} stateOf={stateOf} occupantOf={occupantOf} onSeat={onSeat} notice={problem ? <Alert tone="error">{problem}</Alert> : null} />
        <section aria-label="Summary of seat preferences" className="text-sm">
          <h3 className="mb-1 font-semibold">Summary</h3>
          <ul className="space-y-0.5" aria-live="polite">
            {options.map((o, i) => (
              <li key={i}>
                Option {i + 1}: {o.length ? o.join(', ') : '—'}
                {/* Kept from before the party size was lowered: say so until seats are removed. */}
                {o.length > partySize ? <span className="block font-semibold text-danger-ink">{P.optionFull(i + 1, partySize)}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </Dialog>
  );
}

export interface SeatPreferencesFieldProps extends Omit<SeatPreferencesPickerProps, 'initial' | 'onCancel' | 'onSave'> {
  label: string;
  value: string[][];
  onChange(options: string[][]): void;
  error?: string | undefined;
  /** The Select/Edit Seat Preferences button (the form moves focus there when the field is refused). */
  buttonRef?: Ref<HTMLButtonElement> | undefined;
}

/**
 * The dialogs' Seat Preferences field (New Reservation, the details' edit view): the chosen options
 * and a button (Select Seat Preferences, or Edit Seat Preferences once some are chosen) opening
 * the picker; focus goes back to the button when the picker closes (Dialog's useReturnFocus).
 */
export function SeatPreferencesField({ label, value, onChange, error, buttonRef, ...picker }: SeatPreferencesFieldProps) {
  const [open, setOpen] = useState(false);
  const errorId = useId();
  return (
    <div role="group" aria-label={label} className="space-y-1.5">
      <p className="text-sm font-semibold">{label}</p>
      {value.length ? (
        <ul className="text-sm">
          {value.map((option, i) => (
            <li key={i}>
              Option {i + 1}: {option.join(', ')}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-muted">None chosen.</p>
      )}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-semibold text-danger-ink">
          {error}
        </p>
      ) : null}
      <Button ref={buttonRef} variant="secondary" size="sm" aria-describedby={error ? errorId : undefined} onClick={() => setOpen(true)}>
        {value.length ? 'Edit Seat Preferences' : 'Select Seat Preferences'}
      </Button>
      {open ? (
        <SeatPreferencesPicker
          {...picker}
          initial={value}
          onCancel={() => setOpen(false)}
          onSave={(options) => {
            onChange(options);
            setOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}
