import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { ZOOM_MIN } from '@kusina/domain/layout-rules';
import { SeatAllocationMessages as M } from '@kusina/domain/seat-allocation-rules';
import { isAdminRole } from '@kusina/domain/roles';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { clockTime, zonedParts } from '@kusina/domain/restaurant-schedule';
import { formatClock, formatDay, formatTime } from '../../../lib/guam-dates.ts';
import { CoversTimeline } from '../components/covers-timeline.tsx';
import { FloorTabs, ViewControls } from '../components/floor-plan-parts.tsx';
import { OccupantDialog } from '../components/occupant-dialog.tsx';
import { SeatDialog } from '../components/seat-dialog.tsx';
import { SeatLegend, SeatMap, type MapSeat } from '../components/seat-map.tsx';
import { occupantOfEntry, occupantOfReservation, seatableReservations, useFloorManager } from '../components/use-floor-manager.ts';

/**
 * A party's line in the side lists: its status, and its seats while it holds them. A walk-in keeps
 * the status seated after it has left (the waitlist has no finished status, 0067): without seats
 * held it reads "finished", never "seated at" tables that are free again.
 */
function partyLine(status: string, labels: readonly string[], holding: boolean): string {
  if (!holding) return status === 'seated' ? 'finished' : status;
  return labels.length > 0 ? `${status} at ${labels.join(', ')}` : status;
}

/**
 * The Floor Manager, the dashboard's Seating tab (backoffice §2, §4, §5, §8; decision 0068): the
 * day's seat map coloured by state, the day's reservations and waitlist beside it, the seating
 * wizard (Seat/Reserve a Party → Select Occupant → pick seats → Seat Now / Reserve Seats), and a
 * dialog per seat by its state.
 */
export function FloorManager() {
  const floor = useFloorManager();
  const user = useAuthStore((state) => state.user);
  const admin = user ? isAdminRole(user.role) : false;
  const [choosing, setChoosing] = useState<{ seatIds: number[] } | null>(null);
  const [seatOpen, setSeatOpen] = useState<MapSeat | null>(null);
  const startButton = useRef<HTMLButtonElement>(null);

  if (floor.layouts.isPending) return <Spinner size="lg" label="Loading the floor…" />;
  if (floor.layouts.isError) return <Alert tone="error">{M.loadInitialFailed}</Alert>;

  const reservations = floor.reservations.data ?? [];
  const seatable = new Set(seatableReservations(reservations, floor.holdsSeats).map((r) => r.id));
  const waitlist = floor.waitlist.data ?? [];
  const onSeat = (seat: MapSeat) => {
    if (floor.wizard) floor.togglePick(seat.id);
    else setSeatOpen(seat);
  };
  const finishWizard = async (mode: 'seat' | 'reserve') => {
    if (await floor.submit(mode)) startButton.current?.focus();
  };
  const openSeatState = seatOpen ? floor.stateOf(seatOpen.id) : 'free';

  return (
    <section aria-labelledby="seating-title" className="min-w-0 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="seating-title" className="font-display text-2xl font-bold">Floor Manager</h2>
        <Button ref={startButton} onClick={() => setChoosing({ seatIds: [] })} disabled={floor.noLayout}>
          Seat/Reserve a Party
        </Button>
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor="seating-date" className="block text-sm font-semibold">
            Date <span className="font-normal text-ink-muted">({formatDay(floor.date)})</span>
          </label>
          <Input id="seating-date" type="date" value={floor.date} onChange={(e) => e.target.value && floor.setDate(e.target.value)} />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="seating-layout" className="block text-sm font-semibold">Layout</label>
          <Select id="seating-layout" value={floor.layoutChoice ?? ''} onChange={(e) => floor.setLayoutChoice(e.target.value ? Number(e.target.value) : null)}>
            <option value="">-- None --</option>
            {(floor.layouts.data ?? []).map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
                {l.is_active ? ' (active)' : ''}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <div role="group" aria-label="The hour shown" className="flex flex-wrap items-end gap-2">
        <div className="space-y-1.5">
          <label htmlFor="seating-time" className="block text-sm font-semibold">
            Time <span className="font-normal text-ink-muted">({floor.live ? 'now, live' : formatClock(floor.time)})</span>
          </label>
          <Input id="seating-time" type="time" step={900} value={floor.time} onChange={(e) => e.target.value && floor.setTime(e.target.value)} className="w-36" />
        </div>
        {floor.date === zonedParts(floor.now).date ? (
          <Button size="sm" variant="secondary" aria-pressed={floor.live} onClick={() => floor.setTime(null)}>
            Now
          </Button>
        ) : null}
        {floor.shifts.map((shift) => (
          <Button key={shift.label} size="sm" variant="secondary" aria-pressed={!floor.live && floor.time === clockTime(shift.minutes)} onClick={() => floor.setTime(clockTime(shift.minutes))}>
            {shift.label} ({formatClock(clockTime(shift.minutes))})
          </Button>
        ))}
      </div>

      {floor.noLayout ? (
        <div className="space-y-3 rounded-xl border border-line bg-surface-muted p-6 text-center">
          <h3 className="font-display text-xl font-bold">{M.noLayout}</h3>
          <p className="text-ink-muted">This restaurant has no active layout yet.</p>
          {admin ? (
            <Link href="/reservations/dashboard/layout" className="inline-flex min-h-11 items-center rounded-lg bg-brand px-4 font-semibold text-on-brand">
              Create a Layout
            </Link>
          ) : (
            <p className="text-sm text-ink-muted">Ask an admin to create one.</p>
          )}
        </div>
      ) : (
        <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="min-w-0 space-y-3">
            <div className="flex flex-wrap items-end gap-2" role="group" aria-label="Seat map view">
              <ViewControls
                size={{ id: 'seating-size', value: floor.sizeName, onChange: floor.setSizeName }}
                grid={floor.grid}
                onGrid={floor.setGrid}
                zoom={floor.zoom}
                zoomMin={ZOOM_MIN}
                onZoom={(d) => (d === 0 ? floor.zoomReset() : d < 0 ? floor.zoomOut() : floor.zoomIn())}
              />
            </div>
            <FloorTabs floors={floor.floors} current={floor.floor} onSelect={floor.setFloor} />

            {floor.wizard ? (
              <div role="region" aria-label="Seating wizard" className="space-y-2 rounded-xl border border-info-line bg-info-soft p-3 text-info-ink">
                <p aria-live="polite">
                  Pick {floor.wizard.partySize} free {floor.wizard.partySize === 1 ? 'seat' : 'seats'} for <strong>{floor.wizard.name}</strong> ({floor.picked.length} of {floor.wizard.partySize} picked).
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button loading={floor.busy} onClick={() => void finishWizard('seat')}>Seat Now</Button>
                  {floor.wizard.type === 'reservation' ? (
                    <Button variant="secondary" disabled={floor.busy} onClick={() => void finishWizard('reserve')}>Reserve Seats</Button>
                  ) : null}
                  <Button
                    variant="secondary"
                    onClick={() => {
                      floor.stopWizard();
                      startButton.current?.focus();
                    }}
                  >
                    Cancel
                  </Button>
                </div>
              </div>
            ) : null}

            {floor.loadError ? <Alert tone="error">{floor.loadError}</Alert> : null}
            <SeatLegend />
            <div className="relative max-h-[70vh] min-h-64 w-full overflow-auto rounded-xl border border-line bg-surface-muted" data-testid="seat-map-box">
              {floor.layout.isPending ? (
                <div className="flex justify-center py-16">
                  <Spinner size="lg" label="Loading layout…" />
                </div>
              ) : (
                <SeatMap
                  sections={floor.onFloor}
                  width={floor.size.width}
                  height={floor.size.height}
                  zoom={floor.zoom}
                  grid={floor.grid}
                  stateOf={floor.stateOf}
                  occupantOf={(id) => floor.occupantAt(id)?.occupant_name ?? null}
                  onSeat={onSeat}
                />
              )}
            </div>
            <CoversTimeline steps={floor.timeline} seats={floor.seatCount} at={floor.at} onPick={(at) => floor.setTime(clockTime(zonedParts(at).minutes))} />
          </div>

          <aside className="min-w-0 space-y-4" aria-label="The day's parties">
            <div>
              <h3 className="mb-2 font-display text-lg font-bold">Reservations</h3>
              {reservations.length === 0 ? <p className="text-sm text-ink-muted">No reservations found.</p> : null}
              <ul className="space-y-1 text-sm">
                {reservations.map((r) => (
                  <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line px-3 py-2">
                    <span className="min-w-0">
                      <span className="font-semibold">{r.contact_name}</span> · {formatTime(r.start_time)} · {r.party_size}
                      <span className="block text-ink-muted">
                        {partyLine(r.status, r.seat_labels, floor.holdsSeats('reservation', r.id))}
                        {floor.isLate(r) ? <strong className="ml-1 text-warning-ink">· late</strong> : null}
                      </span>
                    </span>
                    {floor.isLate(r) && !floor.wizard ? (
                      <Button size="sm" variant="secondary" disabled={floor.busy} aria-label={`Mark ${r.contact_name} a no-show`} onClick={() => void floor.noShow(r.id)}>
                        No-Show
                      </Button>
                    ) : null}
                    {seatable.has(r.id) && !floor.wizard ? (
                      <Button size="sm" variant="secondary" aria-label={`Seat ${r.contact_name}`} onClick={() => floor.startWizard(occupantOfReservation(r))}>
                        Seat
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h3 className="mb-2 font-display text-lg font-bold">Waitlist</h3>
              {waitlist.length === 0 ? <p className="text-sm text-ink-muted">No waitlist entries found</p> : null}
              <ul className="space-y-1 text-sm">
                {waitlist.map((e) => (
                  <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line px-3 py-2">
                    <span className="min-w-0">
                      <span className="font-semibold">{e.contact_name}</span> · {e.party_size}
                      <span className="block text-ink-muted">{partyLine(e.status, e.seat_labels, floor.holdsSeats('waitlist', e.id))}</span>
                    </span>
                    {e.status === 'waiting' && !floor.wizard ? (
                      <Button size="sm" variant="secondary" aria-label={`Seat ${e.contact_name}`} onClick={() => floor.startWizard(occupantOfEntry(e))}>
                        Seat
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          </aside>
        </div>
      )}

      {choosing ? (
        <OccupantDialog
          reservations={reservations.filter((r) => seatable.has(r.id))}
          waitlist={waitlist}
          onClose={() => setChoosing(null)}
          onStart={(occupant) => {
            floor.startWizard(occupant, choosing.seatIds);
            setChoosing(null);
          }}
        />
      ) : null}
      {seatOpen ? (
        <SeatDialog
          label={seatOpen.label}
          state={openSeatState === 'selected' ? 'free' : openSeatState}
          allocation={floor.occupantAt(seatOpen.id)}
          busy={floor.busy}
          onClose={() => setSeatOpen(null)}
          onAction={(action, allocation) => {
            void floor.act(action, allocation).then((ok) => ok && setSeatOpen(null));
          }}
          onSeatHere={() => {
            const seat = seatOpen;
            setSeatOpen(null);
            setChoosing({ seatIds: [seat.id] });
          }}
        />
      ) : null}
    </section>
  );
}
