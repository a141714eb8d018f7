import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WaitlistEntryOutput } from '@kusina/domain/waitlist';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { sockets } from '../../../test/fake-socket.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { diningRoom, layoutSummary, mainLayout, staffUser } from '../../../test/reservations-fixtures.ts';
import { waitedFor } from './waitlist-list.tsx';

const staff = staffUser;
const location = diningRoom;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function entry(id: number, overrides: Partial<WaitlistEntryOutput> = {}): WaitlistEntryOutput {
  return {
    id,
    restaurant_id: 1,
    location_id: 1,
    contact_name: `Guest ${id}`,
    contact_phone: null,
    party_size: 2,
    check_in_time: minutesAgo(5),
    status: 'waiting',
    seat_labels: [],
    notes: null,
    quoted_wait_minutes: null,
    seated_at: null,
    actual_wait_minutes: null,
    left_at: null,
    notified_at: null,
    source: 'staff',
    created_at: minutesAgo(5),
    updated_at: minutesAgo(5),
    ...overrides,
  };
}

/** A small waitlist server: GET answers what PATCH and POST have made of the list. */
function waitlistServer(initial: WaitlistEntryOutput[]) {
  let entries = [...initial];
  const mock = mockApi({
    'GET /locations': { body: [location] },
    'GET /waitlist_entries': () => ({ body: entries }),
    // The floor the Seat dialog draws, and its seating write (the party seated at the seats picked).
    'GET /layouts': { body: [layoutSummary(mainLayout)] },
    'GET /layouts/7': { body: mainLayout },
    'GET /seat_allocations': { body: [] },
    'POST /seat_allocations/multi_create': (call) => {
      const body = call.body as { occupant_id: number; seat_ids: number[] };
      entries = entries.map((x) => (x.id === body.occupant_id ? { ...x, status: 'seated' as const, seat_labels: body.seat_ids.map((id) => `T1-${id - 699}`) } : x));
      return { status: 201, body: [] };
    },
    'POST /waitlist_entries': (call) => {
      const body = (call.body as { waitlist_entry: Record<string, unknown> }).waitlist_entry;
      const added = entry(100, { contact_name: String(body.contact_name), contact_phone: (body.contact_phone as string) || null, party_size: Number(body.party_size), check_in_time: new Date().toISOString() });
      entries = [...entries, added];
      return { status: 201, body: added };
    },
    ...Object.fromEntries(
      initial.map((e) => [
        `PATCH /waitlist_entries/${e.id}`,
        (call: { body: unknown }) => {
          const changes = (call.body as { waitlist_entry: Partial<WaitlistEntryOutput> }).waitlist_entry;
          entries = entries.map((x) => (x.id === e.id ? { ...x, ...changes } : x));
          return { body: entries.find((x) => x.id === e.id) };
        },
      ]),
    ),
  });
  return mock;
}

const open = () => renderApp('/reservations/dashboard/waitlist', { user: staff });
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe('the Waitlist tab', () => {
  afterEach(cleanup);

  it('lists the day in check-in order with the waiting time, seats and contact; searches by name or phone', async () => {
    const api = waitlistServer([
      entry(1, { contact_name: 'Tasi Mendiola', contact_phone: '+16715550121', party_size: 4, check_in_time: minutesAgo(52), status: 'seated', seat_labels: ['T3-1', 'T3-2'] }),
      entry(2, { contact_name: 'Sakura Ito', contact_phone: '+819011112222', party_size: 2, check_in_time: minutesAgo(12), notes: 'Prefers the lanai' }),
      entry(3, { contact_name: 'Manny Camacho', party_size: 5, check_in_time: minutesAgo(3) }),
    ]);
    const { user } = open();
    const table = await screen.findByRole('table', { name: 'Waitlist' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Time Joined', 'Guest', 'Party Size', 'Contact', 'Status', 'Actions']);
    expect(screen.getByRole('link', { name: 'Waitlist' })).toHaveAttribute('aria-current', 'page');
    expect(api.callsTo('GET', '/waitlist_entries')[0]!.query.get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.querySelector('.font-semibold')!.textContent)).toEqual(['Tasi Mendiola', 'Sakura Ito', 'Manny Camacho']);
    expect(within(rowOf('Tasi Mendiola')).getByText('Seated at T3-1, T3-2')).toBeInTheDocument();
    expect(within(rowOf('Tasi Mendiola')).getByText('Seated')).toBeInTheDocument();
    expect(within(rowOf('Tasi Mendiola')).getByRole('link', { name: '+1 (671) 555-0121' })).toHaveAttribute('href', 'tel:+16715550121');
    // Only waiting parties show how long they have waited.
    expect(within(rowOf('Tasi Mendiola')).queryByText(/min$/)).toBeNull();
    expect(within(rowOf('Sakura Ito')).getByText('12 min')).toBeInTheDocument();
    expect(within(rowOf('Sakura Ito')).getByText('Prefers the lanai')).toBeInTheDocument();
    expect(within(rowOf('Manny Camacho')).getByText('No phone')).toBeInTheDocument();
    expect(screen.getByText('2 parties waiting · 7 guests')).toBeInTheDocument();

    const search = screen.getByPlaceholderText('Search waitlist...');
    await user.type(search, 'sakura');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
    await user.clear(search);
    await user.type(search, '555-0121');
    expect(within(screen.getByRole('table')).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([expect.stringContaining('Tasi Mendiola')]);
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(screen.getByText('No waitlist entries found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows each party’s quote, the wait a seated party had, and the day’s quote accuracy (— with too few)', async () => {
    const seated = (id: number, quoted: number, waited: number) =>
      entry(id, { contact_name: `Seated ${id}`, status: 'seated', check_in_time: minutesAgo(90), seated_at: minutesAgo(90 - waited), actual_wait_minutes: waited, quoted_wait_minutes: quoted });
    let entries = [seated(1, 15, 20), seated(2, 30, 22), entry(3, { contact_name: 'Sakura Ito', quoted_wait_minutes: 25, check_in_time: minutesAgo(12) })];
    mockApi({ 'GET /locations': { body: [location] }, 'GET /waitlist_entries': () => ({ body: entries }) });
    open();
    await screen.findByText('Sakura Ito');
    expect(within(rowOf('Sakura Ito')).getByText('Quoted 25 min')).toBeInTheDocument();
    expect(within(rowOf('Seated 1')).getByText('Waited 20 min')).toBeInTheDocument();
    expect(within(rowOf('Seated 1')).getByText('Quoted 15 min')).toBeInTheDocument();
    // Two seated parties are too few for a figure.
    expect(screen.getByTestId('quote-accuracy')).toHaveTextContent('Quote accuracy: — (too few seated parties: 2 of 3)');
    cleanup();

    entries = [...entries, seated(4, 10, 10)];
    open();
    await screen.findByText('Sakura Ito');
    // Misses of 5, 8 and 0 minutes: the median is 5.
    expect(screen.getByTestId('quote-accuracy')).toHaveTextContent('Quote accuracy: off by 5 min (median of 3 seated parties)');
  });

  it('the add dialog shows the wait the server would quote for the party size', async () => {
    const api = mockApi({
      'GET /locations': { body: [location] },
      'GET /waitlist_entries': { body: [] },
      'GET /waitlist_entries/quote': (call) => ({ body: { party_size: Number(call.query.get('party_size')), quoted_wait_minutes: Number(call.query.get('party_size')) > 4 ? 45 : 0, parties_ahead: 2 } }),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Add to Waitlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Waitlist' });
    await waitFor(() => expect(within(dialog).getByTestId('waitlist-quote-preview')).toHaveTextContent('Quoted wait now: No wait · 2 parties ahead'));
    const party = within(dialog).getByLabelText('Party Size');
    await user.clear(party);
    await user.type(party, '6');
    await waitFor(() => expect(within(dialog).getByTestId('waitlist-quote-preview')).toHaveTextContent('Quoted wait now: 45 min · 2 parties ahead'));
    expect(api.callsTo('GET', '/waitlist_entries/quote').map((c) => c.query.get('party_size'))).toContain('6');
  });

  it('Notify texts a waiting party with a phone, then shows when; the server’s refusal is shown', async () => {
    const notifiedAt = new Date().toISOString();
    let entries = [entry(1, { contact_name: 'Sakura Ito', contact_phone: '+819011112222' }), entry(2, { contact_name: 'No Phone' }), entry(3, { contact_name: 'Ramon Sablan', contact_phone: '+16717340102' })];
    const api = mockApi({
      'GET /locations': { body: [location] },
      'GET /waitlist_entries': () => ({ body: entries }),
      'POST /waitlist_entries/1/notify': () => {
        entries = entries.map((e) => (e.id === 1 ? { ...e, notified_at: notifiedAt } : e));
        return { body: entries[0] };
      },
      'POST /waitlist_entries/3/notify': apiError(429, 'Too many messages to this destination. Please try again later.', undefined, 'RATE_LIMITED'),
    });
    const { user } = open();
    await screen.findByText('Sakura Ito');
    // A party without a phone has nothing to text.
    expect(within(rowOf('No Phone')).queryByRole('button', { name: /^Notify/ })).toBeNull();
    await user.click(within(rowOf('Sakura Ito')).getByRole('button', { name: 'Notify Sakura Ito' }));
    expect(await screen.findByText('Table-ready text sent to Sakura Ito.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/waitlist_entries/1/notify')).toHaveLength(1);
    await waitFor(() => expect(within(rowOf('Sakura Ito')).getByText(/^Notified /)).toBeInTheDocument());
    expect(within(rowOf('Sakura Ito')).getByRole('button', { name: 'Notify again Sakura Ito' })).toBeInTheDocument();

    await user.click(within(rowOf('Ramon Sablan')).getByRole('button', { name: 'Notify Ramon Sablan' }));
    expect(await screen.findByText('Too many messages to this destination. Please try again later.')).toBeInTheDocument();
  });

  it('a party finished on the floor reads Left, not Seated at its seats', async () => {
    waitlistServer([entry(1, { contact_name: 'Tasi Mendiola', status: 'seated', seat_labels: ['T3-1', 'T3-2'], seated_at: minutesAgo(60), left_at: '2030-06-04T10:05:00.000Z' })]);
    open();
    await screen.findByText('Tasi Mendiola');
    expect(within(rowOf('Tasi Mendiola')).queryByText(/^Seated at/)).toBeNull();
    expect(within(rowOf('Tasi Mendiola')).getByText('Left 8:05 PM · sat at T3-1, T3-2')).toBeInTheDocument();
    expect(within(rowOf('Tasi Mendiola')).getByText('Left')).toBeInTheDocument();
    expect(within(rowOf('Tasi Mendiola')).queryByText('Seated')).toBeNull();
  });

  it('says so when the day has no entries, and asks for another date when the picker changes', async () => {
    const api = waitlistServer([]);
    open();
    expect(await screen.findByText('No waitlist entries found')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: '2030-06-04' } });
    await waitFor(() => expect(api.callsTo('GET', '/waitlist_entries').some((c) => c.query.get('date') === '2030-06-04')).toBe(true));
    expect(screen.getByText('(Jun 4, 2030)')).toBeInTheDocument();
  });

  it('shows a load failure with a retry instead of an empty list', async () => {
    let fail = true;
    mockApi({
      'GET /locations': { body: [location] },
      'GET /waitlist_entries': () => (fail ? apiError(500, 'Something went wrong. Please try again.') : { body: [entry(1, { contact_name: 'Ramon Sablan' })] }),
    });
    const { user } = open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the waitlist. Please try again.');
    expect(screen.queryByText('No waitlist entries found')).toBeNull();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ramon Sablan')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('adds a walk-in: name required, phone starts at +1671, the server’s field message shown; focus returns to the opener', async () => {
    const api = waitlistServer([]);
    const { user } = open();
    await screen.findByText('No waitlist entries found');
    const opener = screen.getByRole('button', { name: 'Add to Waitlist' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Add to Waitlist' });
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('+1671');
    expect(within(dialog).getByLabelText('Party Size')).toHaveValue('2');
    await user.click(within(dialog).getByRole('button', { name: 'Add to Waitlist' }));
    expect(within(dialog).getByText('Guest name is required.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/waitlist_entries')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Guest Name'), 'Dela Cruz family');
    const party = within(dialog).getByLabelText('Party Size');
    await user.clear(party);
    await user.type(party, '6a');
    expect(party).toHaveValue('6');
    await user.click(within(dialog).getByRole('button', { name: 'Add to Waitlist' }));
    await waitFor(() => expect(api.callsTo('POST', '/waitlist_entries')).toHaveLength(1));
    // The bare prefix is sent as no phone.
    expect((api.callsTo('POST', '/waitlist_entries')[0]!.body as { waitlist_entry: unknown }).waitlist_entry).toMatchObject({ contact_name: 'Dela Cruz family', contact_phone: '', party_size: 6 });
    expect(await screen.findByText('Added to the waitlist.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Dela Cruz family')).toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('keeps the dialog open with the server’s message under the field it names', async () => {
    mockApi({
      'GET /locations': { body: [location] },
      'GET /waitlist_entries': { body: [] },
      'POST /waitlist_entries': apiError(400, 'Party size cannot exceed 20 people', { party_size: 'Party size cannot exceed 20 people' }, 'VALIDATION_ERROR'),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Add to Waitlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Waitlist' });
    await user.type(within(dialog).getByLabelText('Guest Name'), 'Big party');
    await user.clear(within(dialog).getByLabelText('Party Size'));
    await user.type(within(dialog).getByLabelText('Party Size'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Add to Waitlist' }));
    expect(await screen.findByText('Failed to add to the waitlist. Please try again.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Party Size')).toHaveAccessibleDescription('Party size cannot exceed 20 people');
    expect(screen.getByRole('dialog', { name: 'Add to Waitlist' })).toBeInTheDocument();
  });

  it('seats a party on the seat map as the floor does; removing asks first, Cancel keeps it, and focus lands on the row’s Back to waiting', async () => {
    const api = waitlistServer([entry(1, { contact_name: 'Sakura Ito' }), entry(2, { contact_name: 'Jae-hyun Lee', party_size: 3 })]);
    const { user } = open();
    await screen.findByText('Sakura Ito');

    const seat = within(rowOf('Sakura Ito')).getByRole('button', { name: 'Seat Sakura Ito' });
    await user.click(seat);
    const map = await screen.findByRole('dialog', { name: 'Seat from Waitlist' });
    // Exactly the party's number of seats, as on the floor.
    await user.click(await within(map).findByRole('button', { name: 'Seat T1-1, free' }));
    await user.click(within(map).getByRole('button', { name: 'Seat Now' }));
    expect(await within(map).findByText('Need exactly 2 seat(s).')).toBeInTheDocument();
    expect(api.callsTo('POST', '/seat_allocations/multi_create')).toHaveLength(0);
    await user.click(within(map).getByRole('button', { name: 'Seat T1-2, free' }));
    await user.click(within(map).getByRole('button', { name: 'Seat Now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/seat_allocations/multi_create')[0]!.body).toMatchObject({ occupant_type: 'waitlist', occupant_id: 1, seat_ids: [700, 701] });
    // No bare status change: the floor's write seated the party.
    expect(api.callsTo('PATCH', '/waitlist_entries/1')).toHaveLength(0);
    await waitFor(() => expect(within(rowOf('Sakura Ito')).getByText('Seated at T1-1, T1-2')).toBeInTheDocument());
    await waitFor(() => expect(within(rowOf('Sakura Ito')).getByRole('button', { name: 'Back to waiting Sakura Ito' })).toHaveFocus());
    expect(within(rowOf('Sakura Ito')).queryByRole('button', { name: /^Remove/ })).toBeNull();

    const remove = within(rowOf('Jae-hyun Lee')).getByRole('button', { name: 'Remove Jae-hyun Lee' });
    await user.click(remove);
    let confirm = await screen.findByRole('dialog', { name: 'Remove from waitlist?' });
    expect(confirm).toHaveAccessibleDescription(/Jae-hyun Lee \(party of 3\) leaves the waitlist/);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PATCH', '/waitlist_entries/2')).toHaveLength(0);
    await waitFor(() => expect(remove).toHaveFocus());

    await user.click(remove);
    confirm = await screen.findByRole('dialog', { name: 'Remove from waitlist?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Jae-hyun Lee removed from the waitlist.')).toBeInTheDocument();
    expect((api.callsTo('PATCH', '/waitlist_entries/2')[0]!.body as { waitlist_entry: unknown }).waitlist_entry).toEqual({ status: 'removed' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(rowOf('Jae-hyun Lee')).getByRole('button', { name: 'Back to waiting Jae-hyun Lee' })).toHaveFocus());
    expect(within(rowOf('Jae-hyun Lee')).getByText('Removed')).toBeInTheDocument();
  });

  it('marks a no-show after confirming, and shows the server’s refusal when another host got there first', async () => {
    const api = mockApi({
      'GET /locations': { body: [location] },
      'GET /waitlist_entries': { body: [entry(5, { contact_name: 'Aiko Nakamura' })] },
      'PATCH /waitlist_entries/5': apiError(422, 'A seated party cannot be marked no-show.', { status: 'A seated party cannot be marked no-show.' }, 'VALIDATION_ERROR'),
    });
    const { user } = open();
    await screen.findByText('Aiko Nakamura');
    await user.click(screen.getByRole('button', { name: 'No-Show Aiko Nakamura' }));
    const confirm = await screen.findByRole('dialog', { name: 'Mark as no-show?' });
    await user.click(within(confirm).getByRole('button', { name: 'Mark No-Show' }));
    expect(await screen.findByText('A seated party cannot be marked no-show.')).toBeInTheDocument();
    expect((api.callsTo('PATCH', '/waitlist_entries/5')[0]!.body as { waitlist_entry: unknown }).waitlist_entry).toEqual({ status: 'no_show' });
  });

  it('refreshes when another host adds or changes an entry (the staff room’s waitlist events)', async () => {
    sockets.length = 0;
    let entries = [entry(1, { contact_name: 'Sakura Ito' })];
    mockApi({ 'GET /locations': { body: [location] }, 'GET /waitlist_entries': () => ({ body: entries }) });
    open();
    await screen.findByText('Sakura Ito');
    await vi.dynamicImportSettled();
    const socket = sockets.at(-1)!;
    act(() => socket.serverEmit('connect'));
    expect(socket.emitted).toContainEqual({ event: 'subscribe', payload: { channel: 'staff', restaurant_id: 1 } });
    entries = [...entries, entry(2, { contact_name: 'Ramon Sablan' })];
    act(() => socket.serverEmit('waitlist_entry_created', { waitlist_entry: entries[1] }));
    expect(await screen.findByText('Ramon Sablan')).toBeInTheDocument();
    entries = entries.map((e) => (e.id === 1 ? { ...e, status: 'seated' as const } : e));
    act(() => socket.serverEmit('waitlist_entry_updated', { waitlist_entry: entries[0] }));
    await waitFor(() => expect(within(rowOf('Sakura Ito')).getByText('Seated')).toBeInTheDocument());
  });

  it('formats the waiting time in minutes, then hours', () => {
    const now = Date.parse('2030-06-04T09:30:00.000Z');
    expect(waitedFor('2030-06-04T09:18:10.000Z', now)).toBe('11 min');
    expect(waitedFor('2030-06-04T08:25:00.000Z', now)).toBe('1 h 05 min');
    expect(waitedFor('2030-06-04T09:31:00.000Z', now)).toBe('0 min');
  });
});
