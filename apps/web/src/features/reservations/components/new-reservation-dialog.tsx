import { useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { DEFAULT_PHONE_PREFIX, DURATION_OPTIONS, ReservationMessages, SINGLE_SLOT_DURATION } from '@kusina/domain/reservation-rules';
import type { LocationOutput } from '@kusina/domain/reservations';
import { preferencesOverParty } from '@kusina/domain/seat-allocation-rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAvailability } from '../api/get-availability.ts';
import { useCreateReservation } from '../api/create-reservation.ts';
import { formatClock } from '../../../lib/guam-dates.ts';
import { SeatPreferencesField } from '../../floor/routes/seat-preferences-picker.tsx';

const durationLabel = (minutes: number) => (minutes === 90 ? '1.5 hours' : minutes % 60 === 0 && minutes >= 120 ? `${minutes / 60} hours` : `${minutes} minutes`);

/** New Reservation (staff, backoffice §2, §5): slots from the engine, the duration rules, the +1671 rule. */
export function NewReservationDialog({ restaurantId, locations, initialDate, onClose }: { restaurantId: number; locations: LocationOutput[]; initialDate: string; onClose(): void }) {
  const [date, setDate] = useState(initialDate);
  const [party, setParty] = useState('2');
  const [locationId, setLocationId] = useState<number | null>(locations.find((l) => l.is_default)?.id ?? locations[0]?.id ?? null);
  const [startTime, setStartTime] = useState('');
  // §9: the stay is the restaurant's default length (default_reservation_length, which availability
  // reports) until staff choose another; null until then, so the server applies its own default.
  const [chosenDuration, setDuration] = useState<number | null>(null);
  const [restaurantDefault, setRestaurantDefault] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState(DEFAULT_PHONE_PREFIX);
  const [email, setEmail] = useState('');
  const [seatPreferences, setSeatPreferences] = useState<string[][]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [fitChecked, setFitChecked] = useState(false);
  const preferencesButton = useRef<HTMLButtonElement>(null);
  const partySize = Number(party) || 1;
  // §5: lowering the party size below a chosen option is shown at Seat Preferences (as on Edit, 0071).
  const fitError = preferencesOverParty(seatPreferences, partySize);
  const availability = useAvailability(date ? { restaurantId, date, partySize, locationId, ...(chosenDuration === null ? {} : { durationMinutes: chosenDuration }) } : null);
  const reportedDefault = availability.data?.default_reservation_length;
  if (reportedDefault !== undefined && reportedDefault !== restaurantDefault) setRestaurantDefault(reportedDefault);
  const duration = chosenDuration ?? restaurantDefault;
  // A default off the list (say 45) is offered too; before availability answers the select shows 60.
  const shown = duration ?? 60;
  const durationOptions = (DURATION_OPTIONS as readonly number[]).includes(shown) ? DURATION_OPTIONS : [...DURATION_OPTIONS, shown].sort((a, b) => a - b);
  // On an availability failure the slot list is empty (§8).
  const slots = availability.isError ? [] : (availability.data?.slot_details ?? []);
  const singleSlot = slots.length === 1;
  const create = useCreateReservation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.contact_name = ReservationMessages.guestNameRequired;
    if (!date || !startTime) found.start_time = ReservationMessages.invalidDateTime;
    setErrors(found);
    setProblem(null);
    setFitChecked(true);
    if (Object.keys(found).length) return;
    if (fitError) return void preferencesButton.current?.focus();
    try {
      await create.mutateAsync({
        restaurant_id: restaurantId,
        location_id: locationId ?? undefined,
        start_time: startTime,
        party_size: partySize,
        contact_name: name.trim(),
        contact_phone: phone.trim() === DEFAULT_PHONE_PREFIX ? '' : phone.trim(),
        contact_email: email.trim(),
        status: 'booked',
        seat_preferences: seatPreferences,
        duration_minutes: singleSlot ? SINGLE_SLOT_DURATION : (duration ?? undefined),
      });
      toast.success('Reservation created successfully!');
      onClose();
    } catch (error) {
      toast.error('Failed to create reservation. Please try again.');
      if (error instanceof ApiError) {
        setErrors(error.fields);
        setProblem(error.message);
      }
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="New Reservation"
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="new-reservation-form" loading={create.isPending}>
            Create
          </Button>
        </div>
      }
    >
      <form id="new-reservation-form" onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <div className="grid grid-cols-2 gap-3">
          <TextField label="Date" type="date" value={date} onChange={(e) => (setDate(e.target.value), setStartTime(''))} required />
          <TextField label="Party Size" inputMode="numeric" value={party} onChange={(e) => (setParty(e.target.value.replace(/\D/g, '')), setErrors(({ seat_preferences: _dropped, ...rest }) => rest))} onBlur={() => setFitChecked(true)} error={errors.party_size} />
        </div>
        {locations.length > 1 ? (
          <FormField label="Location" error={errors.location_id}>
            {(control) => (
              <Select {...control} value={locationId ?? ''} onChange={(e) => (setLocationId(Number(e.target.value)), setStartTime(''))}>
                {locations.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        ) : null}
        <FormField label="Time" error={errors.start_time} required hint={availability.isFetching ? 'Checking available times…' : slots.length === 0 ? 'No available times found for this date.' : undefined}>
          {(control) => (
            <Select {...control} value={startTime} onChange={(e) => setStartTime(e.target.value)}>
              <option value="">Select a time</option>
              {slots.map((s) => (
                <option key={s.start_time} value={s.start_time}>
                  {formatClock(s.time)} ({s.available_seats} seats free)
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {singleSlot ? null : (
          <FormField label="Duration (minutes)">
            {(control) => (
              <Select {...control} value={shown} onChange={(e) => setDuration(Number(e.target.value))}>
                {durationOptions.map((m) => (
                  <option key={m} value={m}>
                    {durationLabel(m)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        )}
        <TextField label="Guest Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.contact_name} required autoComplete="off" />
        <TextField label="Phone" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} error={errors.contact_phone} />
        <TextField label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.contact_email} />
        <SeatPreferencesField
          label="Seat Preferences (Optional)"
          value={seatPreferences}
          onChange={(options) => (setSeatPreferences(options), setErrors(({ seat_preferences: _dropped, ...rest }) => rest))}
          error={errors.seat_preferences ?? (fitChecked && fitError ? fitError : undefined)}
          buttonRef={preferencesButton}
          date={date}
          startTime={startTime || null}
          durationMinutes={singleSlot ? SINGLE_SLOT_DURATION : shown}
          partySize={partySize}
        />
      </form>
    </Dialog>
  );
}
