import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import type { DiscountConfigurationOutput } from '@kusina/domain/order-management';
import { defaultLengthProblem } from '@kusina/domain/reservation-rules';
import type { OperatingHoursOutput, SpecialEventOutput } from '@kusina/domain/reservations';
import type { RestaurantOutput } from '@kusina/domain/restaurants';
import { turnTimeDrafts, turnTimeProblems, turnTimes, turnTimesFromDrafts, type TurnTimeProblems } from '@kusina/domain/turn-time-rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { createDiscount } from '../api/create-discount.ts';
import { createEvent } from '../api/create-event.ts';
import { deleteDiscount } from '../api/delete-discount.ts';
import { deleteEvent } from '../api/delete-event.ts';
import { useCapacities } from '../api/get-capacities.ts';
import { getDiscountsQueryOptions, useDiscounts } from '../api/get-discounts.ts';
import { useEvents } from '../api/get-events.ts';
import { useHours } from '../api/get-hours.ts';
import { useRestaurantSettings } from '../api/get-restaurant-settings.ts';
import { settingsKey } from '../api/settings-key.ts';
import { updateDiscount } from '../api/update-discount.ts';
import { updateEvent } from '../api/update-event.ts';
import { updateHours } from '../api/update-hours.ts';
import { updateRestaurant } from '../api/update-restaurant.ts';
import { failureMessage } from '../../../lib/failure-message.ts';
import { TurnTimesField, turnTimeFieldId } from './turn-times-field.tsx';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const INVALID_JSON = 'Invalid JSON in Admin Settings.';
export const SAVE_FAILED = 'Failed to save settings. See console for details.';

type EventDraft = SpecialEventOutput & { deleted?: boolean };
type DiscountDraft = Pick<DiscountConfigurationOutput, 'id' | 'name' | 'code' | 'discount_percentage' | 'is_active' | 'is_default' | 'display_order' | 'description'> & { deleted?: boolean };

const cell = 'px-2 py-1.5 align-middle';

/** The server's field errors for the turn times (admin_settings.turn_times.N.field) by band, or null. */
function serverBandProblems(fields: Record<string, string>, count: number): TurnTimeProblems | null {
  const problems: TurnTimeProblems = Array.from({ length: count }, () => ({}));
  let any = false;
  for (const [key, message] of Object.entries(fields)) {
    const match = /^admin_settings\.turn_times\.(\d+)\.(up_to|minutes)$/.exec(key);
    if (!match || Number(match[1]) >= count) continue;
    problems[Number(match[1])]![match[2] as 'up_to' | 'minutes'] = message;
    any = true;
  }
  return any ? problems : null;
}
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Admin Settings (backoffice §2, §4): operating hours, special events, staff discount options (the
 * discount configurations of order management), default reservation length, turn times (issue #35;
 * kept out of the JSON, which the turn-time bands replace on save) and the admin settings JSON, saved
 * together: new rows (id 0) are created, changed rows updated, deleted rows removed.
 */
export function AdminSettings({ restaurantId }: { restaurantId: number }) {
  const hours = useHours();
  const events = useEvents();
  const discounts = useDiscounts();
  const restaurant = useRestaurantSettings(restaurantId);
  const capacities = useCapacities();
  if (hours.isPending || events.isPending || discounts.isPending || restaurant.isPending) return <Spinner size="lg" label="Loading Admin Settings..." />;
  if (hours.isError || events.isError || discounts.isError || restaurant.isError) return <Alert tone="error">Failed to load settings.</Alert>;
  // The form starts from what was loaded; a save refetches, and the new data starts a fresh form.
  const version = [hours.dataUpdatedAt, events.dataUpdatedAt, discounts.dataUpdatedAt, restaurant.dataUpdatedAt].join('-');
  return (
    <SettingsForm
      key={version}
      restaurantId={restaurantId}
      hours={hours.data}
      events={events.data}
      discounts={discounts.data}
      restaurant={restaurant.data}
      seatCount={(capacities.data ?? []).reduce((sum, c) => sum + c.total_capacity, 0)}
    />
  );
}

interface SettingsFormProps {
  restaurantId: number;
  hours: OperatingHoursOutput[];
  events: SpecialEventOutput[];
  discounts: DiscountConfigurationOutput[];
  restaurant: RestaurantOutput;
  seatCount: number;
}

function SettingsForm({ restaurantId, hours: hoursData, events: eventsData, discounts: discountsData, restaurant, seatCount }: SettingsFormProps) {
  const queryClient = useQueryClient();
  const [hourRows, setHourRows] = useState<OperatingHoursOutput[]>(hoursData);
  const [eventRows, setEventRows] = useState<EventDraft[]>(eventsData);
  const [discountRows, setDiscountRows] = useState<DiscountDraft[]>(discountsData);
  const [length, setLength] = useState(String(restaurant.default_reservation_length));
  const { turn_times: _bands, ...otherSettings } = restaurant.admin_settings ?? {};
  const [json, setJson] = useState(JSON.stringify(otherSettings, null, 2));
  const [bands, setBands] = useState(() => turnTimeDrafts(turnTimes(restaurant.admin_settings)));
  const [bandProblems, setBandProblems] = useState<TurnTimeProblems | null>(null);
  const [advanced, setAdvanced] = useState(false);
  const [saving, setSaving] = useState(false);
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [lengthError, setLengthError] = useState<string | null>(null);
  const hours = { data: hoursData };
  const events = { data: eventsData };
  const discounts = { data: discountsData };

  const save = async () => {
    // Checked before anything is sent, so a bad value never leaves half the settings saved.
    const lengthProblem = defaultLengthProblem(length);
    setLengthError(lengthProblem);
    let adminSettings: unknown;
    try {
      adminSettings = JSON.parse(json);
      setJsonError(null);
    } catch {
      setJsonError(INVALID_JSON);
      toast.error(INVALID_JSON);
      return;
    }
    const bandsProblem = turnTimeProblems(bands);
    setBandProblems(bandsProblem);
    if (lengthProblem) {
      document.getElementById('default-length')?.focus();
      return;
    }
    if (bandsProblem) {
      const first = bandsProblem.findIndex((p) => p.up_to || p.minutes);
      document.getElementById(turnTimeFieldId(first, bandsProblem[first]!.up_to ? 'up_to' : 'minutes'))?.focus();
      return;
    }
    setSaving(true);
    // Whether any call went through: only then is the form refreshed from the server (rows created
    // must not be created twice); a save refused before anything was written keeps what was typed.
    let wrote = false;
    const write = async (call: Promise<unknown>) => {
      await call;
      wrote = true;
    };
    try {
      for (const row of hourRows) {
        const before = hours.data.find((h) => h.id === row.id);
        if (before && !same(before, row)) await write(updateHours(row.id, { open_time: row.open_time, close_time: row.close_time, closed: row.closed }));
      }
      for (const row of eventRows) {
        const body = { event_date: row.event_date, closed: row.closed, exclusive_booking: row.exclusive_booking, max_capacity: row.max_capacity, description: row.description, start_time: row.start_time || null, end_time: row.end_time || null };
        const before = events.data.find((e) => e.id === row.id);
        if (row.id === 0 && !row.deleted) await write(createEvent(body));
        else if (row.id !== 0 && row.deleted) await write(deleteEvent(row.id));
        else if (before && !same(before, row)) await write(updateEvent(row.id, body));
      }
      for (const row of discountRows) {
        const body = { name: row.name, code: row.code, discount_percentage: row.discount_percentage, is_active: row.is_active, is_default: row.is_default, display_order: row.display_order, description: row.description || null };
        const before = discounts.data.find((d) => d.id === row.id);
        if (row.id === 0 && !row.deleted) await write(createDiscount(body));
        else if (row.id !== 0 && row.deleted) await write(deleteDiscount(row.id));
        else if (before && !same({ ...before, description: before.description }, { ...before, ...row })) await write(updateDiscount(row.id, body));
      }
      const settings = { ...(adminSettings as Record<string, unknown>), turn_times: turnTimesFromDrafts(bands) };
      await write(updateRestaurant(restaurantId, { default_reservation_length: Number(length), admin_settings: settings }));
      toast.success('All settings saved successfully!');
    } catch (error) {
      console.error(error);
      // The spec's words, and the server's reason under them (as the layout editor does, 0061).
      toast.error(failureMessage(SAVE_FAILED, error), { style: { whiteSpace: 'pre-line' } });
      if (error instanceof ApiError && error.fields.default_reservation_length) setLengthError(error.fields.default_reservation_length);
      if (error instanceof ApiError) setBandProblems(serverBandProblems(error.fields, bands.length));
    } finally {
      setSaving(false);
      if (wrote) {
        await queryClient.invalidateQueries({ queryKey: settingsKey });
        await queryClient.invalidateQueries({ queryKey: getDiscountsQueryOptions().queryKey });
      }
    }
  };

  const setHour = (id: number, patch: Partial<OperatingHoursOutput>) => setHourRows((rows) => rows.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  const setEvent = (index: number, patch: Partial<EventDraft>) => setEventRows((rows) => rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const setDiscount = (index: number, patch: Partial<DiscountDraft>) => setDiscountRows((rows) => rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  return (
    <div className="space-y-8">
      <h2 className="font-display text-2xl font-bold">Admin Settings</h2>

      <section aria-labelledby="hours-title" className="space-y-2">
        <h3 id="hours-title" className="text-lg font-bold">Operating Hours</h3>
        <div className="relative overflow-x-auto rounded-lg border border-line">
          <table className="w-full min-w-[28rem] text-sm">
            <thead className="bg-surface-muted text-left">
              <tr>
                <th scope="col" className={cell}>Day</th>
                <th scope="col" className={cell}>Open Time</th>
                <th scope="col" className={cell}>Close Time</th>
                <th scope="col" className={cell}>Closed?</th>
              </tr>
            </thead>
            <tbody>
              {hourRows.map((h) => (
                <tr key={h.id} className="border-t border-line">
                  <th scope="row" className={`${cell} text-left`}>{DAYS[h.day_of_week]}</th>
                  <td className={cell}>
                    <Input type="time" aria-label={`${DAYS[h.day_of_week]} open time`} value={h.open_time} disabled={h.closed} onChange={(e) => setHour(h.id, { open_time: e.target.value })} />
                  </td>
                  <td className={cell}>
                    <Input type="time" aria-label={`${DAYS[h.day_of_week]} close time`} value={h.close_time} disabled={h.closed} onChange={(e) => setHour(h.id, { close_time: e.target.value })} />
                  </td>
                  <td className={cell}>
                    <input type="checkbox" className="size-6" aria-label={`${DAYS[h.day_of_week]} closed`} checked={h.closed} onChange={(e) => setHour(h.id, { closed: e.target.checked })} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="events-title" className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="events-title" className="text-lg font-bold">Special Events</h3>
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" aria-pressed={advanced} onClick={() => setAdvanced((v) => !v)}>
              {advanced ? 'Hide Advanced Options' : 'Show Advanced Options'}
            </Button>
            <Button
              size="sm"
              onClick={() =>
                setEventRows((rows) => [...rows, { id: 0, restaurant_id: restaurantId, event_date: '', start_time: null, end_time: null, closed: false, exclusive_booking: false, max_capacity: seatCount || null, description: '' }])
              }
            >
              Add Event
            </Button>
          </div>
        </div>
        <div className="relative overflow-x-auto rounded-lg border border-line">
          <table className="w-full min-w-[36rem] text-sm">
            <thead className="bg-surface-muted text-left">
              <tr>
                <th scope="col" className={cell}>Date</th>
                <th scope="col" className={cell}>Description</th>
                <th scope="col" className={cell}>Closed</th>
                {advanced ? (
                  <>
                    <th scope="col" className={cell}>Start</th>
                    <th scope="col" className={cell}>End</th>
                    <th scope="col" className={cell}>Private Only</th>
                    <th scope="col" className={cell}>Max Guests</th>
                  </>
                ) : null}
                <th scope="col" className={cell}><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {eventRows.map((e, i) =>
                e.deleted ? null : (
                  <tr key={`${e.id}-${i}`} className="border-t border-line">
                    <td className={cell}>
                      <Input type="date" aria-label={`Event ${i + 1} date`} value={e.event_date} onChange={(ev) => setEvent(i, { event_date: ev.target.value })} />
                    </td>
                    <td className={cell}>
                      <Input aria-label={`Event ${i + 1} description`} value={e.description ?? ''} onChange={(ev) => setEvent(i, { description: ev.target.value })} />
                    </td>
                    <td className={cell}>
                      <input type="checkbox" className="size-6" aria-label={`Event ${i + 1} closed`} checked={e.closed} onChange={(ev) => setEvent(i, { closed: ev.target.checked })} />
                    </td>
                    {advanced ? (
                      <>
                        <td className={cell}>
                          <Input type="time" aria-label={`Event ${i + 1} start time`} disabled={e.closed} value={e.start_time ?? ''} onChange={(ev) => setEvent(i, { start_time: ev.target.value || null })} />
                        </td>
                        <td className={cell}>
                          <Input type="time" aria-label={`Event ${i + 1} end time`} disabled={e.closed} value={e.end_time ?? ''} onChange={(ev) => setEvent(i, { end_time: ev.target.value || null })} />
                        </td>
                        <td className={cell}>
                          <input type="checkbox" className="size-6" aria-label={`Event ${i + 1} private only`} checked={e.exclusive_booking} onChange={(ev) => setEvent(i, { exclusive_booking: ev.target.checked })} />
                        </td>
                        <td className={cell}>
                          <Input type="number" min={0} aria-label={`Event ${i + 1} max guests`} value={e.max_capacity ?? ''} onChange={(ev) => setEvent(i, { max_capacity: ev.target.value === '' ? null : Math.max(0, Number(ev.target.value)) })} />
                        </td>
                      </>
                    ) : null}
                    <td className={cell}>
                      <Button size="sm" variant="ghost" aria-label={`Delete event ${i + 1}`} onClick={() => setEvent(i, { deleted: true })}>
                        Delete
                      </Button>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="discounts-title" className="space-y-2">
        <div className="flex items-center justify-between gap-2">
          <h3 id="discounts-title" className="text-lg font-bold">Staff Discount Options</h3>
          <Button
            size="sm"
            onClick={() => setDiscountRows((rows) => [...rows, { id: 0, name: '', code: '', discount_percentage: 0, is_active: true, is_default: false, display_order: rows.length, description: '' }])}
          >
            Add Discount
          </Button>
        </div>
        <p className="text-sm text-ink-muted">Only one option should be the default.</p>
        <div className="relative overflow-x-auto rounded-lg border border-line">
          <table className="w-full min-w-[40rem] text-sm">
            <thead className="bg-surface-muted text-left">
              <tr>
                <th scope="col" className={cell}>Name</th>
                <th scope="col" className={cell}>Code</th>
                <th scope="col" className={cell}>Discount %</th>
                <th scope="col" className={cell}>Order</th>
                <th scope="col" className={cell}>Active</th>
                <th scope="col" className={cell}>Default</th>
                <th scope="col" className={cell}><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {discountRows.map((d, i) =>
                d.deleted ? null : (
                  <tr key={`${d.id}-${i}`} className="border-t border-line">
                    <td className={cell}><Input aria-label={`Discount ${i + 1} name`} value={d.name} onChange={(e) => setDiscount(i, { name: e.target.value })} /></td>
                    <td className={cell}><Input aria-label={`Discount ${i + 1} code`} value={d.code} onChange={(e) => setDiscount(i, { code: e.target.value })} /></td>
                    <td className={cell}><Input type="number" min={0} max={100} aria-label={`Discount ${i + 1} percentage`} value={d.discount_percentage} onChange={(e) => setDiscount(i, { discount_percentage: Math.min(100, Math.max(0, Number(e.target.value))) })} /></td>
                    <td className={cell}><Input type="number" min={0} aria-label={`Discount ${i + 1} display order`} value={d.display_order} onChange={(e) => setDiscount(i, { display_order: Math.max(0, Number(e.target.value)) })} /></td>
                    <td className={cell}><input type="checkbox" className="size-6" aria-label={`Discount ${i + 1} active`} checked={d.is_active} onChange={(e) => setDiscount(i, { is_active: e.target.checked })} /></td>
                    <td className={cell}><input type="checkbox" className="size-6" aria-label={`Discount ${i + 1} default`} checked={d.is_default} onChange={(e) => setDiscount(i, { is_default: e.target.checked })} /></td>
                    <td className={cell}>
                      <Button size="sm" variant="ghost" aria-label={`Delete discount ${i + 1}`} onClick={() => setDiscount(i, { deleted: true })}>
                        Delete
                      </Button>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      </section>

      <TurnTimesField drafts={bands} problems={bandProblems} onChange={(next) => (setBands(next), setBandProblems(null))} />

      <section aria-labelledby="general-title" className="space-y-3">
        <h3 id="general-title" className="text-lg font-bold">General Settings</h3>
        <div className="max-w-xs space-y-1.5">
          <label htmlFor="default-length" className="block text-sm font-semibold">Default Reservation Length (minutes)</label>
          <Input
            id="default-length"
            type="number"
            min={15}
            step={15}
            value={length}
            onChange={(e) => (setLength(e.target.value), setLengthError(null))}
            aria-invalid={lengthError ? true : undefined}
            aria-describedby={lengthError ? 'default-length-error' : undefined}
          />
          {lengthError ? (
            <p id="default-length-error" role="alert" className="text-sm font-medium text-danger-ink">
              {lengthError}
            </p>
          ) : null}
        </div>
        <div className="space-y-1.5">
          <label htmlFor="admin-json" className="block text-sm font-semibold">Admin Settings JSON</label>
          <Textarea id="admin-json" rows={10} className="font-mono text-sm" value={json} onChange={(e) => setJson(e.target.value)} aria-invalid={jsonError ? true : undefined} aria-describedby={jsonError ? 'admin-json-error' : undefined} />
          {jsonError ? <p id="admin-json-error" role="alert" className="text-sm font-medium text-danger-ink">{jsonError}</p> : null}
        </div>
      </section>

      <Button onClick={() => void save()} loading={saving}>
        Save Settings
      </Button>
    </div>
  );
}
