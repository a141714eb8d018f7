import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LayoutSummaryOutput } from '@kusina/domain/layouts';
import type { WaitlistEntryOutput } from '@kusina/domain/waitlist';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';
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
    ...routes,
  });
  const view = renderApp('/reservations/dashboard/seating', { user });
  return { api, ...view };
}

describe('Floor Manager (Seating tab)', () => {
  afterEach(() => {
    cleanup();
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
});
