import { useMemo, useState, type FormEvent } from 'react';
import { isAcceptedPhone } from '@kusina/domain/phone';
import { PHONE_EXAMPLE, phoneRuleMessage } from '@kusina/domain/phone-rules';
import { DEFAULT_MAX_PARTY_SIZE } from '@kusina/domain/reservation-availability';
import { DEFAULT_PHONE_PREFIX, PARTY_SIZE_BUTTONS, ReservationMessages } from '@kusina/domain/reservation-rules';
import type { ReservationOutput } from '@kusina/domain/reservations';
import { addDays, closedWeekdays, weekdayOf } from '@kusina/domain/restaurant-schedule';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useAvailability } from '../api/get-availability.ts';
import { useLocations } from '../api/get-locations.ts';
import { useRestaurantSchedule } from '../api/get-restaurant-schedule.ts';
import { useSimpleCapacity } from '../api/get-simple-capacity.ts';
import { createReservation } from '../api/create-reservation.ts';
import { formatClock } from '../../../lib/guam-dates.ts';
import { guamToday } from '../../../lib/guam-today.ts';
import { ReservationConfirmation } from './reservation-confirmation.tsx';

/** How far ahead the date list reaches. */
const BOOKING_HORIZON_DAYS = 90;

export const PublicMessages = {
  settings: 'Unable to load restaurant settings. Please try again later.',
  locations: 'Unable to load restaurant locations. Please try again later.',
  availability: 'Unable to check availability for the selected date and party size. Please try again later.',
  noTimes: 'No available times found for this date.',
  failed: 'Reservation failed. Please try again later.',
} as const;

function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
}

/**
 * The public reservation modal (backoffice §2, §5): date (closed weekdays, closed event dates and
 * past dates are not offered; today by the UTC+10 clock), party size buttons 1-8 then a dropdown up
 * to the maximum, location when several, the engine's slots, contact and special requests; then
 * the confirmation view. The server checks everything again and decides.
 */
export function ReservationModal({ restaurantId, onClose }: { restaurantId: number; onClose(): void }) {
  const schedule = useRestaurantSchedule(restaurantId);
  const capacity = useSimpleCapacity(restaurantId);
  const locations = useLocations(restaurantId);
  const maxParty = capacity.data?.effective_max_party_size || DEFAULT_MAX_PARTY_SIZE;
  const several = (locations.data?.length ?? 0) > 1;

  const dates = useMemo(() => {
    if (!schedule.data) return [];
    const closedDays = new Set(closedWeekdays(schedule.data.operating_hours.map((h) => ({ dayOfWeek: h.day_of_week, openTime: h.open_time, closeTime: h.close_time, closed: h.closed }))));
    const events = new Map(schedule.data.special_events.map((e) => [e.event_date, e]));
    const today = guamToday();
    const out: string[] = [];
    for (let i = 0; i < BOOKING_HORIZON_DAYS; i++) {
      const date = addDays(today, i);
      const event = events.get(date);
      if (event?.closed || event?.exclusive_booking) continue;
      if (closedDays.has(weekdayOf(date)) && !(event?.start_time && event.end_time)) continue;
      out.push(date);
    }
    return out;
  }, [schedule.data]);

  const [date, setDate] = useState('');
  const [party, setParty] = useState(2);
  const [locationId, setLocationId] = useState<number | null>(null);
  const [slot, setSlot] = useState<{ time: string; start: string } | null>(null);
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [phone, setPhone] = useState(DEFAULT_PHONE_PREFIX);
  const [email, setEmail] = useState('');
  const [requests, setRequests] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [booked, setBooked] = useState<ReservationOutput | null>(null);

  const chosenDate = date || dates[0] || '';
  const chosenLocation = several ? locationId : (locations.data?.[0]?.id ?? null);
  const availability = useAvailability(chosenDate && (!several || chosenLocation) ? { restaurantId, date: chosenDate, partySize: party, locationId: chosenLocation } : null);
  const slots = availability.data?.slot_details ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!chosenDate || !slot || !first.trim() || !last.trim() || !phone.trim() || phone.trim() === DEFAULT_PHONE_PREFIX || !email.trim()) return setError(ReservationMessages.requiredFields);
    if (several && !chosenLocation) return setError(ReservationMessages.selectLocation);
    if (party > maxParty) return setError(ReservationMessages.partyTooLarge(maxParty));
    if (!isAcceptedPhone(phone)) return setError(phoneRuleMessage(PHONE_EXAMPLE));
    setSubmitting(true);
    try {
      const created = await createReservation({
        restaurant_id: restaurantId,
        location_id: chosenLocation ?? undefined,
        start_time: slot.start,
        party_size: party,
        contact_name: `${first.trim()} ${last.trim()}`,
        contact_phone: phone.trim(),
        contact_email: email.trim(),
        special_requests: requests.trim() || null,
      });
      setBooked(created);
    } catch (e) {
      setError(e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : PublicMessages.failed);
      if (e instanceof ApiError && e.status === 409) void availability.refetch();
    } finally {
      setSubmitting(false);
    }
  };

  if (booked) {
    return (
      <Dialog open onOpenChange={(open) => !open && onClose()} title="Reservation Request Received!">
        <ReservationConfirmation reservation={booked} onClose={onClose} />
      </Dialog>
    );
  }

  const partyButtons = Array.from({ length: Math.min(PARTY_SIZE_BUTTONS, maxParty) }, (_, i) => i + 1);
  const larger = Array.from({ length: Math.max(0, maxParty - PARTY_SIZE_BUTTONS) }, (_, i) => i + PARTY_SIZE_BUTTONS + 1);

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Book Your Table"
      description="All times are Guam time."
      footer={
        <Button type="submit" form="reservation-form" block size="lg" loading={submitting}>
          Request Reservation
        </Button>
      }
    >
      <form id="reservation-form" className="space-y-5" onSubmit={(e) => void submit(e)} noValidate>
        {schedule.isError || capacity.isError ? <Alert tone="error">{PublicMessages.settings}</Alert> : null}
        {locations.isError ? <Alert tone="error">{PublicMessages.locations}</Alert> : null}

        <FormField label="Date" required>
          {(control) => (
            <Select {...control} value={chosenDate} onChange={(e) => (setDate(e.target.value), setSlot(null))}>
              {dates.map((d) => (
                <option key={d} value={d}>
                  {dayLabel(d)}
                </option>
              ))}
            </Select>
          )}
        </FormField>

        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Party Size</legend>
          <div className="flex flex-wrap gap-2">
            {partyButtons.map((n) => (
              <button
                key={n}
                type="button"
                aria-pressed={party === n}
                onClick={() => (setParty(n), setSlot(null))}
                className={cn('inline-flex size-11 items-center justify-center rounded-lg border font-semibold', party === n ? 'border-brand bg-brand text-on-brand' : 'border-line-strong bg-surface hover:bg-surface-muted')}
              >
                {n}
              </button>
            ))}
            {larger.length ? (
              <Select aria-label="Larger party" className="w-auto" value={party > PARTY_SIZE_BUTTONS ? party : ''} onChange={(e) => e.target.value && (setParty(Number(e.target.value)), setSlot(null))}>
                <option value="">More…</option>
                {larger.map((n) => (
                  <option key={n} value={n}>
                    {n} guests
                  </option>
                ))}
              </Select>
            ) : null}
          </div>
        </fieldset>

        {several ? (
          <FormField label="Location" required>
            {(control) => (
              <Select {...control} value={locationId ?? ''} onChange={(e) => (setLocationId(e.target.value ? Number(e.target.value) : null), setSlot(null))}>
                <option value="">Select a location</option>
                {(locations.data ?? []).map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        ) : null}

        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Time</legend>
          {several && !chosenLocation ? (
            <p className="text-sm text-ink-muted">Select a location to see the available times.</p>
          ) : availability.isPending && availability.fetchStatus !== 'idle' ? (
            <p className="text-sm text-ink-muted" role="status">Checking available times…</p>
          ) : availability.isError ? (
            <Alert tone="error">{PublicMessages.availability}</Alert>
          ) : slots.length === 0 ? (
            <p className="text-sm text-ink-muted" role="status">{PublicMessages.noTimes}</p>
          ) : (
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
              {slots.map((s) => (
                <button
                  key={s.start_time}
                  type="button"
                  aria-pressed={slot?.start === s.start_time}
                  onClick={() => setSlot({ time: s.time, start: s.start_time })}
                  className={cn('min-h-11 rounded-lg border px-2 text-sm font-semibold', slot?.start === s.start_time ? 'border-brand bg-brand text-on-brand' : 'border-line-strong bg-surface hover:bg-surface-muted')}
                >
                  {formatClock(s.time)}
                </button>
              ))}
            </div>
          )}
        </fieldset>

        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="First Name" autoComplete="given-name" value={first} onChange={(e) => setFirst(e.target.value)} required />
          <TextField label="Last Name" autoComplete="family-name" value={last} onChange={(e) => setLast(e.target.value)} required />
          <TextField label="Phone" type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} required hint={`e.g. ${PHONE_EXAMPLE} or +81 90 1234 5678`} />
          <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </div>
        <FormField label="Special Requests">{(control) => <Textarea {...control} value={requests} onChange={(e) => setRequests(e.target.value)} maxLength={1000} />}</FormField>
        {error ? <Alert tone="error">{error}</Alert> : null}
      </form>
    </Dialog>
  );
}
