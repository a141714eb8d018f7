import { useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { formatPhone } from '@kusina/domain/phone-rules';
import { RESERVATION_STATUSES, ReservationMessages } from '@kusina/domain/reservation-rules';
import type { ReservationOutput, ReservationStatus } from '@kusina/domain/reservations';
import { preferencesOverParty, SeatAllocationMessages as M, SeatPreferenceMessages as P } from '@kusina/domain/seat-allocation-rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAvailability } from '../api/get-availability.ts';
import { reservationListsKey } from '../api/get-reservations.ts';
import { useDeleteReservation } from '../api/delete-reservation.ts';
import { useUpdateReservation } from '../api/update-reservation.ts';
import { reservePreference } from '../../floor/api/reserve-preference.ts';
import { seatAllocationsKey } from '../../floor/api/get-seat-allocations.ts';
import { failureMessage } from '../../../lib/failure-message.ts';
import { formatClock, formatDateTime, formatTime, toLocalInput } from '../../../lib/guam-dates.ts';
import { ReservationSeatMap } from '../../floor/routes/reservation-seat-map.tsx';
import { SeatPreferencesField } from '../../floor/routes/seat-preferences-picker.tsx';
import { ReservationStatusBadge } from './reservation-status-badge.tsx';
import { GuestProfilePanel } from '../../guests/routes/guest-profile-panel.tsx';

export const DELETE_CONFIRM = 'Are you sure you want to delete this reservation? This action cannot be undone.';

const ACTIONS = {
  approve: { status: 'reserved', ok: 'Reservation approved!', error: 'Error approving reservation. Please try again.' },
  reject: { status: 'rejected', ok: 'Reservation rejected.', error: 'Error rejecting reservation. Please try again.' },
  cancel: { status: 'canceled', ok: 'Reservation canceled.', error: 'Error canceling reservation. Please try again.' },
} as const;

const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** Reservation Details (backoffice §2): the read view with its actions, and the edit view. */
export function ReservationDetailsDialog({ reservation, onClose }: { reservation: ReservationOutput; onClose(): void }) {
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateReservation();
  const remove = useDeleteReservation();
  const r = reservation;

  const act = async (key: keyof typeof ACTIONS) => {
    const action = ACTIONS[key];
    setProblem(null);
    try {
      await update.mutateAsync({ id: r.id, status: action.status });
      toast.success(action.ok);
    } catch (error) {
      toast.error(action.error);
      if (error instanceof ApiError) setProblem(error.message);
    }
  };

  const queryClient = useQueryClient();
  const [assigning, setAssigning] = useState<number | null>(null);
  /** Assign (§4, §8 Seat assignment; decision 0069): hold option n's seats; the server checks they are free. */
  const assign = async (index: number) => {
    const labels = r.seat_preferences[index] ?? [];
    setProblem(null);
    if (labels.length === 0) return void setProblem(P.emptyOption);
    if (!r.start_time) return void setProblem(P.noStartTime);
    setAssigning(index);
    try {
      await reservePreference({ occupant_type: 'reservation', occupant_id: r.id, seat_labels: labels, date: toLocalInput(r.start_time).slice(0, 10) });
      toast.success(M.reserved);
    } catch (error) {
      console.error(error);
      const taken = error instanceof ApiError && error.status === 422 && (error.message === M.seatsReserved || error.message === M.seatsTaken);
      const message = taken ? P.taken : failureMessage(P.failed, error);
      toast.error(message, { style: { whiteSpace: 'pre-line' } });
      setProblem(message);
    } finally {
      setAssigning(null);
      await Promise.all([queryClient.invalidateQueries({ queryKey: reservationListsKey }), queryClient.invalidateQueries({ queryKey: seatAllocationsKey })]);
    }
  };

  const onDelete = async () => {
    if (!window.confirm(DELETE_CONFIRM)) return;
    try {
      await remove.mutateAsync(r.id);
      toast.success('Reservation deleted.');
      onClose();
    } catch {
      toast.error('Failed to delete reservation. Please try again.');
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Reservation #${r.id}`} description={r.reservation_number}>
      {problem ? (
        <Alert tone="error" className="mb-4 whitespace-pre-line">
          {problem}
        </Alert>
      ) : null}
      {editing ? (
        <EditForm reservation={r} onDone={() => setEditing(false)} onProblem={setProblem} />
      ) : (
        <div className="space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-semibold">Guest</dt>
            <dd>{r.contact_name}</dd>
            <dt className="font-semibold">Date/Time</dt>
            <dd>{formatDateTime(r.start_time)}</dd>
            <dt className="font-semibold">Party Size</dt>
            <dd>{r.party_size}</dd>
            <dt className="font-semibold">Duration (min)</dt>
            <dd>{r.duration_minutes}</dd>
            <dt className="font-semibold">Phone</dt>
            <dd>{formatPhone(r.contact_phone) || '—'}</dd>
            <dt className="font-semibold">Email</dt>
            <dd className="break-all">{r.contact_email || '—'}</dd>
            <dt className="font-semibold">Location</dt>
            <dd>{r.location.name}</dd>
            <dt className="font-semibold">Status</dt>
            <dd>
              <ReservationStatusBadge status={r.status} />
            </dd>
            <dt className="font-semibold">Created At</dt>
            <dd>{formatDateTime(r.created_at)}</dd>
            <dt className="font-semibold">Special Requests</dt>
            <dd>{r.special_requests || '—'}</dd>
            <dt className="font-semibold">Preferred Seats</dt>
            <dd>
              {r.seat_preferences.length === 0
                ? '—'
                : r.seat_preferences.map((option, i) => (
                    <span key={i} className="flex flex-wrap items-center gap-2 py-0.5">
                      <span>
                        Option {i + 1}: {option.join(', ') || '—'}
                      </span>
                      {r.status === 'booked' ? (
                        <Button size="sm" variant="secondary" aria-label={`Assign option ${i + 1}`} loading={assigning === i} disabled={assigning !== null && assigning !== i} onClick={() => void assign(i)}>
                          Assign
                        </Button>
                      ) : null}
                    </span>
                  ))}
            </dd>
            <dt className="font-semibold">Current Seats</dt>
            <dd data-testid="current-seats">{r.seat_labels.length ? r.seat_labels.join(', ') : '—'}</dd>
          </dl>
          {/* The guest remembered across all dates (issue #35 item 6). */}
          <GuestProfilePanel contact={{ phone: r.contact_phone, email: r.contact_email }} />
          {r.status === 'booked' ? (
            <div className="flex flex-wrap gap-2 border-t border-line pt-4">
              <Button onClick={() => void act('approve')} loading={update.isPending && update.variables?.status === 'reserved'}>
                Approve Reservation
              </Button>
              <Button variant="secondary" onClick={() => void act('reject')}>
                Reject Reservation
              </Button>
              <Button variant="secondary" onClick={() => void act('cancel')}>
                Cancel Reservation
              </Button>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-2 border-t border-line pt-4">
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button variant="danger" onClick={() => void onDelete()} loading={remove.isPending}>
              Delete
            </Button>
            <Button variant="ghost" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function EditForm({ reservation: r, onDone, onProblem }: { reservation: ReservationOutput; onDone(): void; onProblem(message: string | null): void }) {
  const update = useUpdateReservation();
  const [name, setName] = useState(r.contact_name);
  const [party, setParty] = useState(String(r.party_size));
  const [duration, setDuration] = useState(String(r.duration_minutes));
  const [phone, setPhone] = useState(r.contact_phone ?? '');
  const [email, setEmail] = useState(r.contact_email ?? '');
  // The status select follows the server (seating from the Seat Map moves it) until staff choose one.
  const [statusChoice, setStatus] = useState<ReservationStatus | null>(null);
  const status = statusChoice ?? r.status;
  const [seatPreferences, setSeatPreferences] = useState<string[][]>(r.seat_preferences);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [seatMapOpen, setSeatMapOpen] = useState(false);
  const [fitChecked, setFitChecked] = useState(false);
  const preferencesButton = useRef<HTMLButtonElement>(null);
  // Date and time: the slots the engine offers staff for this party and stay; the server
  // re-checks the capacity when the start moves. The current start stays choosable.
  const originalDate = toLocalInput(r.start_time).slice(0, 10);
  const [date, setDate] = useState(originalDate);
  const [startTime, setStartTime] = useState(r.start_time);
  const partySize = Number(party) || 1;
  const minutes = Number(duration);
  const durationMinutes = Number.isFinite(minutes) && minutes >= 30 ? minutes : 60;
  const availability = useAvailability(date ? { restaurantId: r.restaurant_id, date, partySize, locationId: r.location_id, durationMinutes, excludeReservationId: r.id } : null);
  const slots = availability.isError ? [] : (availability.data?.slot_details ?? []);
  const keepsCurrent = date === originalDate && !slots.some((s) => new Date(s.start_time).getTime() === new Date(r.start_time).getTime());
  const moved = new Date(startTime).getTime() !== new Date(r.start_time).getTime();
  // §5: an option holds at most party-size seats; the server refuses the PATCH otherwise (0069).
  // Lowering the party size below a chosen option is caught here, shown at Seat Preferences once
  // the Party Size field is left or Save is pressed, and nothing the staff typed is lost.
  const fitError = preferencesOverParty(seatPreferences, partySize) ?? undefined;
  const preferencesError = fields.seat_preferences ?? (fitChecked ? fitError : undefined);
  const dropField = (name: string) => setFields(({ [name]: _dropped, ...rest }) => rest);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onProblem(null);
    if (!startTime) {
      setFields({ start_time: ReservationMessages.invalidDateTime });
      return;
    }
    if (fitError) {
      setFitChecked(true);
      preferencesButton.current?.focus();
      return;
    }
    try {
      const saved = await update.mutateAsync({
        id: r.id,
        contact_name: name,
        party_size: partySize,
        duration_minutes: durationMinutes,
        ...(moved ? { start_time: startTime } : {}),
        contact_phone: phone,
        contact_email: email,
        status,
        seat_preferences: seatPreferences,
      });
      toast.success('Reservation updated!');
      // A new party size frees the seats held ahead for the old one (decision 0080): say so.
      if (r.seat_labels.length > 0 && saved.seat_labels.length === 0 && saved.party_size !== r.party_size) {
        toast.success(`Seats ${r.seat_labels.join(', ')} were freed for the new party size: pick ${saved.party_size} seats on the Seat Map.`, { duration: 6000 });
      }
      onDone();
    } catch (error) {
      toast.error('Error updating reservation. Please try again.');
      if (error instanceof ApiError) {
        setFields(error.fields);
        onProblem(error.message);
        // The server's refusal of the options (422/400 on seat_preferences) is shown at that field.
        if (error.fields.seat_preferences) preferencesButton.current?.focus();
      }
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
      <TextField label="Guest Name" value={name} onChange={(e) => setName(e.target.value)} error={fields.contact_name} required />
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Date" type="date" value={date} onChange={(e) => (setDate(e.target.value), setStartTime(e.target.value === originalDate ? r.start_time : ''))} required />
        <FormField label="Time" error={fields.start_time} required hint={availability.isFetching ? 'Checking available times…' : slots.length === 0 && !keepsCurrent ? 'No available times found for this date.' : undefined}>
          {(control) => (
            <Select {...control} value={startTime} onChange={(e) => setStartTime(e.target.value)}>
              <option value="">Select a time</option>
              {keepsCurrent ? <option value={r.start_time}>{formatTime(r.start_time)} (current)</option> : null}
              {slots.map((s) => (
                <option key={s.start_time} value={new Date(s.start_time).getTime() === new Date(r.start_time).getTime() ? r.start_time : s.start_time}>
                  {formatClock(s.time)} ({s.available_seats} seats free)
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Party Size"
          inputMode="numeric"
          value={party}
          onChange={(e) => (setParty(digitsOnly(e.target.value)), dropField('seat_preferences'))}
          onBlur={() => setFitChecked(true)}
          error={fields.party_size}
        />
        <TextField label="Duration (minutes)" type="number" min={30} step={30} value={duration} onChange={(e) => setDuration(e.target.value)} error={fields.duration_minutes} />
      </div>
      <TextField label="Phone" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} error={fields.contact_phone} />
      <TextField label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={fields.contact_email} />
      <SeatPreferencesField
        label="Seat Preferences (up to 3)"
        value={seatPreferences}
        onChange={(options) => (setSeatPreferences(options), dropField('seat_preferences'))}
        error={preferencesError}
        buttonRef={preferencesButton}
        date={date || originalDate}
        startTime={startTime || null}
        durationMinutes={r.duration_minutes}
        partySize={partySize}
        reservationId={r.id}
      />
      <FormField label="Status">
        {(control) => (
          <Select {...control} value={status} onChange={(e) => setStatus(e.target.value as ReservationStatus)}>
            {RESERVATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={update.isPending}>
          Save
        </Button>
        <Button variant="secondary" onClick={() => setSeatMapOpen(true)}>
          Seat Map
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
      {seatMapOpen ? (
        <ReservationSeatMap
          reservation={r}
          preferences={seatPreferences}
          unsaved={moved || partySize !== r.party_size}
          onClose={() => setSeatMapOpen(false)}
          onSeated={() => setStatus(null)}
        />
      ) : null}
    </form>
  );
}
