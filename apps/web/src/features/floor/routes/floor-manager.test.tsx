import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LayoutSummaryOutput } from '@kusina/domain/layouts';
import type { WaitlistEntryOutput } from '@kusina/domain/waitlist';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';
import userEvent from '@testing-library/user-event';
import { bookedReservation, fixtureStamp, layoutSummary, mainLayout, seatAllocation, staffUser } from '../../../test/reservations-fixtures.ts';

const staff = staffUser;
const admin = makeUser({ id: 2, role: 'admin', first_name: 'Leilani', last_name: 'Admin', name: 'Leilani Admin' });
const stamp = fixtureStamp;

const main = mainLayout;
const summary = layoutSummary(main);
const summaries: LayoutSummaryOutput[] = [summary];

const waiting: WaitlistEntryOutput = {
  id: 41,
  restaurant_id: 1,
  location_id: null,
  contact_name: 'Sakura Ito',
  contact_phone: null,
  party_size: 2,
  check_in_time: stamp,
  status: 'waiting',
  seat_labels: [],
  notes: null,
  quoted_wait_minutes: null,
  seated_at: null,
  actual_wait_minutes: null,
  left_at: null,
  notified_at: null,
  source: 'staff',
  created_at: stamp,
  updated_at: stamp,
};
const booked = bookedReservation({ id: 51, reservation_number: 'R-000051', contact_name: 'Yuki Tanaka' });

const allocation = seatAllocation;

function open(routes: Parameters<typeof mockApi>[0] = {}, user = staff) {
  const api = mockApi({
    'GET /layouts': { body: summaries },
    'GET /layouts/7': { body: main },
    'GET /reservations': { body: [booked] },
    'GET /waitlist_entries': { body: [waiting] },
    'GET /seat_allocations': { body: [] },
    'GET /operating_hours': { body: [{ id: 12, restaurant_id: 1, day_of_week: 2, open_time: '11:00', close_time: '21:00', closed: false }] },
    ...routes,
  });
  const view = renderApp('/reservations/dashboard/seating', { user });
  return { api, ...view };
}

describe('Floor Manager (Seating tab)', () => {
  // The floor shows the room now: 18:10 in Guam on Tue Jun 4, 2030, ten minutes into the fixtures'
  // 18:00–19:00 allocations (held seats still within their grace, seated parties within their stay).
  // (Date.now only: the floor reads its clock there; faking Date itself breaks the Guam formatting.)
  beforeEach(() => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2030-06-04T08:10:00.000Z'));
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists a party "at" its seats only while it holds them: a walk-in that has left reads finished', async () => {
    const gone = { ...waiting, id: 42, contact_name: 'Left Early', status: 'seated' as const, seat_labels: ['T1-3', 'T1-4'] };
    const here = { ...waiting, id: 43, contact_name: 'Still Here', status: 'seated' as const, seat_labels: ['T1-1', 'T1-2'] };
    open({
      'GET /waitlist_entries': { body: [gone, here] },
      'GET /seat_allocations': {
        body: [
          allocation(700, { status: 'seated', occupant_type: 'waitlist', occupant_id: 43, occupant_status: 'seated', occupant_name: 'Still Here' }),
          allocation(701, { status: 'seated', occupant_type: 'waitlist', occupant_id: 43, occupant_status: 'seated', occupant_name: 'Still Here' }),
        ],
      },
    });
    const parties = await screen.findByRole('complementary', { name: "The day's parties" });
    await waitFor(() => expect(within(parties).getByText('Still Here').closest('li')).toHaveTextContent('seated at T1-1, T1-2'));
    expect(within(parties).getByText('Left Early').closest('li')).toHaveTextContent('finished');
    expect(within(parties).getByText('Left Early').closest('li')).not.toHaveTextContent('T1-3');
  });

  it('Select Occupant → pick party-size seats → Seat Now sends the party, the seats and the day; wrong count says so first', async () => {
    const { api } = open({ 'POST /seat_allocations/multi_create': { status: 201, body: [] } });
    const start = await screen.findByRole('button', { name: 'Seat/Reserve a Party' });
    expect(await screen.findByRole('button', { name: 'Seat T1-1, free' })).toBeInTheDocument();
    fireEvent.click(start);
    const dialog = await screen.findByRole('dialog', { name: 'Select Occupant' });
    expect(within(dialog).getByRole('group', { name: 'Reservations (booked)' })).toHaveTextContent('Yuki Tanaka');
    fireEvent.click(within(dialog).getByRole('radio', { name: /Sakura Ito/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start Wizard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const wizard = screen.getByRole('region', { name: 'Seating wizard' });
    expect(within(wizard).queryByRole('button', { name: 'Reserve Seats' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Seat T1-1, free' }));
    expect(screen.getByRole('button', { name: 'Seat T1-1, selected' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(wizard).getByRole('button', { name: 'Seat Now' }));
    expect(await screen.findByText('Need exactly 2 seat(s).')).toBeInTheDocument();
    expect(api.callsTo('POST', '/seat_allocations/multi_create')).toHaveLength(0);

    // Keyboard: Enter picks a seat.
    fireEvent.keyDown(screen.getByRole('button', { name: 'Seat T1-3, free' }), { key: 'Enter' });
    fireEvent.click(within(wizard).getByRole('button', { name: 'Seat Now' }));
    expect(await screen.findByText('Seats assigned successfully!')).toBeInTheDocument();
    const [call] = api.callsTo('POST', '/seat_allocations/multi_create');
    expect(call!.body).toMatchObject({ occupant_type: 'waitlist', occupant_id: 41, seat_ids: [700, 702] });
    expect((call!.body as { date: string }).date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Seat/Reserve a Party' })).toHaveFocus());
  });

  it('an approved reservation without seats can be seated like a booked one; one holding seats cannot be given more', async () => {
    const approved = { ...booked, id: 52, contact_name: 'Approved Party', status: 'reserved' as const, party_size: 2 };
    const holding = { ...booked, id: 53, contact_name: 'Holding Party', status: 'reserved' as const, party_size: 2, seat_labels: ['T1-3', 'T1-4'] };
    const { api } = open({
      'GET /reservations': { body: [booked, approved, holding] },
      'GET /seat_allocations': { body: [allocation(702, { occupant_id: 53, occupant_name: 'Holding Party' }), allocation(703, { occupant_id: 53, occupant_name: 'Holding Party' })] },
      'POST /seat_allocations/multi_create': { status: 201, body: [] },
    });
    const parties = await screen.findByRole('complementary', { name: "The day's parties" });
    await waitFor(() => expect(within(parties).getByText('Holding Party').closest('li')).toHaveTextContent('reserved at T1-3, T1-4'));
    expect(within(parties).getByRole('button', { name: 'Seat Approved Party' })).toBeInTheDocument();
    expect(within(parties).queryByRole('button', { name: 'Seat Holding Party' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Seat/Reserve a Party' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Occupant' });
    const group = within(dialog).getByRole('group', { name: 'Reservations (booked)' });
    expect(within(group).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual([expect.stringContaining('Yuki Tanaka'), expect.stringContaining('Approved Party')]);
    fireEvent.click(within(dialog).getByRole('radio', { name: /Approved Party/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start Wizard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Seat T1-1, free' }));
    fireEvent.click(screen.getByRole('button', { name: 'Seat T1-2, free' }));
    fireEvent.click(within(screen.getByRole('region', { name: 'Seating wizard' })).getByRole('button', { name: 'Seat Now' }));
    expect(await screen.findByText('Seats assigned successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/seat_allocations/multi_create')[0]!.body).toMatchObject({ occupant_type: 'reservation', occupant_id: 52, seat_ids: [700, 701] });
  });

  it('a seat that is not free cannot be picked, and a party of 4 needs exactly 4', async () => {
    const { api } = open({ 'GET /seat_allocations': { body: [allocation(703)] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Seat/Reserve a Party' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Occupant' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Yuki Tanaka/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start Wizard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(await screen.findByRole('button', { name: 'Seat T1-4, reserved, Min-jun Park' }));
    expect(await screen.findByText("Seat T1-4 is not free. It's occupied or reserved.")).toBeInTheDocument();
    for (const label of ['T1-1', 'T1-2', 'T1-3']) fireEvent.click(screen.getByRole('button', { name: `Seat ${label}, free` }));
    fireEvent.click(screen.getByRole('button', { name: 'Seat T1-4, reserved, Min-jun Park' }));
    // Still 3 picked: a party of 4 needs exactly 4.
    fireEvent.click(screen.getByRole('button', { name: 'Reserve Seats' }));
    expect(await screen.findByText('Need exactly 4 seat(s).')).toBeInTheDocument();
    expect(api.callsTo('POST', '/seat_allocations/reserve')).toHaveLength(0);
  });

  it('a lost race: the 422 shows the spec’s words and the map reloads with the seats taken', async () => {
    let taken = false;
    const { api } = open({
      'GET /seat_allocations': () => ({ body: taken ? [allocation(700, { status: 'seated', occupant_type: 'waitlist', occupant_id: 99, occupant_name: 'Other party' })] : [] }),
      'POST /seat_allocations/multi_create': () => {
        taken = true;
        return apiError(422, 'Some seats are already taken. Please choose different seats.', { seat_ids: 'Some seats are already taken. Please choose different seats.' }, 'VALIDATION_ERROR');
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Seat Sakura Ito' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Seat T1-1, free' }));
    fireEvent.click(screen.getByRole('button', { name: 'Seat T1-2, free' }));
    fireEvent.click(screen.getByRole('button', { name: 'Seat Now' }));
    expect(await screen.findByText('Some seats are already taken. Please choose different seats.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Seat T1-1, seated, Other party' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/seat_allocations').length).toBeGreaterThanOrEqual(2);
    // The wizard stays open to pick other seats; the seat now taken is no longer picked.
    expect(screen.getByRole('region', { name: 'Seating wizard' })).toBeInTheDocument();
  });

  it('seat dialogs by state: reserved offers arrive, no-show and cancel; seated offers Finish; the server’s reason is shown with the spec’s failure', async () => {
    let seated = false;
    const { api } = open({
      'GET /seat_allocations': () => ({ body: [allocation(700, seated ? { status: 'seated', occupant_status: 'seated' } : {}), allocation(701, seated ? { status: 'seated', occupant_status: 'seated' } : {})] }),
      'POST /seat_allocations/arrive': () => {
        seated = true;
        return { body: [] };
      },
      'POST /seat_allocations/finish': () => apiError(422, 'This party is not seated.'),
    });
    const seat = await screen.findByRole('button', { name: 'Seat T1-1, reserved, Min-jun Park' });
    seat.focus();
    fireEvent.keyDown(seat, { key: 'Enter' });
    const dialog = await screen.findByRole('dialog', { name: 'Seat T1-1' });
    expect(within(dialog).getByRole('button', { name: 'Mark No-Show' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel Reservation' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Seat This Party' }));
    expect(await screen.findByText('Occupant arrived and seated!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/seat_allocations/arrive')[0]!.body).toEqual({ occupant_type: 'reservation', occupant_id: 60 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const now = await screen.findByRole('button', { name: 'Seat T1-1, seated, Min-jun Park' });
    await waitFor(() => expect(now).toHaveFocus());

    fireEvent.click(now);
    const seatedDialog = await screen.findByRole('dialog', { name: 'Seat T1-1' });
    fireEvent.click(within(seatedDialog).getByRole('button', { name: 'Finish / Free Seat' }));
    expect(await screen.findByText(/Failed to free seat\. Check console\./)).toHaveTextContent('This party is not seated.');
  });

  it('No Layout Found: admins get Create a Layout, leading to the layout tab', async () => {
    open({ 'GET /layouts': { body: [] } }, admin);
    expect(await screen.findByRole('heading', { name: 'No Layout Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a Layout' })).toHaveAttribute('href', '/reservations/dashboard/layout');
  });
  describe('at a chosen time (issue #35)', () => {
    // A party seated 16:30–18:00 that nobody finished, seats held for 17:30 whose party has not come,
    // and a 17:30 booking without seats: at 18:10 they are overstaying, late and late.
    const overstaying = (seat: number) =>
      allocation(seat, { status: 'seated', occupant_type: 'waitlist', occupant_id: 44, occupant_status: 'seated', occupant_name: 'Long Lunch', occupant_party_size: 2, start_time: '2030-06-04T06:30:00.000Z', end_time: '2030-06-04T08:00:00.000Z' });
    const lateHold = (seat: number) => allocation(seat, { occupant_id: 61, occupant_name: 'Ana Cruz', occupant_party_size: 2, start_time: '2030-06-04T07:30:00.000Z', end_time: '2030-06-04T09:00:00.000Z' });
    const lateBooking = bookedReservation({ id: 52, reservation_number: 'R-000052', contact_name: 'Marco Reyes', party_size: 2, start_time: '2030-06-04T07:30:00.000Z', end_time: '2030-06-04T09:00:00.000Z' });
    const routes = {
      'GET /reservations': { body: [booked, lateBooking] },
      'GET /seat_allocations': { body: [overstaying(700), overstaying(701), lateHold(702), lateHold(703)] },
    };

    it('shows overstaying and late seats now, says which booking is late, and marks it a no-show', async () => {
      const { api } = open({ ...routes, 'PATCH /reservations/52': { body: { ...lateBooking, status: 'no_show' } } });
      expect(await screen.findByRole('button', { name: 'Seat T1-1, overstaying, Long Lunch' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Seat T1-3, late, Ana Cruz' })).toBeInTheDocument();
      expect(screen.getByLabelText(/^Time/)).toHaveValue('18:10');
      expect(screen.getByText(/now, live/)).toBeInTheDocument();

      fireEvent.click(screen.getByRole('button', { name: 'Seat T1-1, overstaying, Long Lunch' }));
      const dialog = await screen.findByRole('dialog', { name: 'Seat T1-1' });
      expect(dialog).toHaveAccessibleDescription("This seat's party is past its expected end.");
      expect(within(dialog).getByRole('button', { name: 'Finish / Free Seat' })).toBeInTheDocument();
      fireEvent.keyDown(dialog, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      const parties = screen.getByRole('complementary', { name: "The day's parties" });
      expect(within(parties).getByText('Marco Reyes').closest('li')).toHaveTextContent('late');
      expect(within(parties).getByText('Yuki Tanaka').closest('li')).not.toHaveTextContent('late');
      fireEvent.click(within(parties).getByRole('button', { name: 'Mark Marco Reyes a no-show' }));
      expect(await screen.findByText('Marked as no-show.')).toBeInTheDocument();
      expect(api.callsTo('PATCH', '/reservations/52')[0]!.body).toEqual({ reservation: { status: 'no_show' } });
    });

    it('shows the room at another hour: held seats free before their hour, nothing late or overstaying ahead', async () => {
      open(routes);
      await screen.findByRole('button', { name: 'Seat T1-1, overstaying, Long Lunch' });
      fireEvent.change(screen.getByLabelText(/^Time/), { target: { value: '16:00' } });
      expect(await screen.findByRole('button', { name: 'Seat T1-1, free' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Seat T1-3, free' })).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText(/^Time/), { target: { value: '17:00' } });
      expect(await screen.findByRole('button', { name: 'Seat T1-1, seated, Long Lunch' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Seat T1-3, reserved, Ana Cruz' })).toBeInTheDocument();
      fireEvent.change(screen.getByLabelText(/^Time/), { target: { value: '20:00' } });
      expect(await screen.findByRole('button', { name: 'Seat T1-1, free' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Seat T1-3, free' })).toBeInTheDocument();

      // The day's shifts from its hours (11:00–21:00: Lunch and Dinner), and back to now.
      fireEvent.click(screen.getByRole('button', { name: 'Lunch (11:00 AM)' }));
      expect(screen.getByLabelText(/^Time/)).toHaveValue('11:00');
      fireEvent.click(screen.getByRole('button', { name: 'Dinner (5:00 PM)' }));
      expect(screen.getByLabelText(/^Time/)).toHaveValue('17:00');
      fireEvent.click(screen.getByRole('button', { name: 'Now' }));
      expect(await screen.findByRole('button', { name: 'Seat T1-1, overstaying, Long Lunch' })).toBeInTheDocument();
    });

    it('while seats are picked for a party, a seat held for another party within its stay cannot be picked', async () => {
      // Held for a party at 19:20: free at 18:10, but Sakura Ito's party of 2 would stay until 19:25.
      const later = allocation(700, { occupant_id: 62, occupant_name: 'Late Dinner', occupant_party_size: 2, start_time: '2030-06-04T09:20:00.000Z', end_time: '2030-06-04T10:50:00.000Z' });
      open({ 'GET /seat_allocations': { body: [later] } });
      expect(await screen.findByRole('button', { name: 'Seat T1-1, free' })).toBeInTheDocument();
      const parties = screen.getByRole('complementary', { name: "The day's parties" });
      fireEvent.click(within(parties).getByRole('button', { name: 'Seat Sakura Ito' }));
      expect(await screen.findByRole('button', { name: 'Seat T1-1, reserved, Late Dinner' })).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Seat T1-1, reserved, Late Dinner' }));
      expect(await screen.findByText("Seat T1-1 is not free. It's occupied or reserved.")).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Seat T1-2, free' })).toBeInTheDocument();
    });

    it('draws the covers in 15-minute steps; the arrow keys move along them and Enter shows that time', async () => {
      const user = userEvent.setup({ delay: null });
      open(routes);
      const timeline = await screen.findByRole('toolbar', { name: 'Covers timeline: pick a time' });
      // Yuki Tanaka's 4 at 18:00 (an hour), Marco Reyes's 2 from 17:30, Long Lunch's 2 from 16:30.
      expect(within(timeline).getByRole('button', { name: '4:30 PM: 2 covers, 2 arriving' })).toBeInTheDocument();
      expect(within(timeline).getByRole('button', { name: '5:30 PM: 4 covers, 2 arriving' })).toBeInTheDocument();
      expect(within(timeline).getByRole('button', { name: '6:00 PM: 6 covers, 4 arriving' })).toBeInTheDocument();
      const current = within(timeline).getByRole('button', { name: '6:00 PM: 6 covers, 4 arriving' });
      expect(current).toHaveAttribute('aria-pressed', 'true');
      expect(current).toHaveAttribute('tabindex', '0');
      current.focus();
      await user.keyboard('{ArrowLeft}{ArrowLeft}');
      expect(within(timeline).getByRole('button', { name: '5:30 PM: 4 covers, 2 arriving' })).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(screen.getByLabelText(/^Time/)).toHaveValue('17:30');
      expect(screen.getByText(/Busiest: 6:00 PM, 6 of \d+ seats/)).toBeInTheDocument();
    });
  });
});
