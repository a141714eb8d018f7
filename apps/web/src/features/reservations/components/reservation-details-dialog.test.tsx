import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReservationOutput } from '@kusina/domain/reservations';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { availabilityAnswer, bookedReservation, diningRoom, layoutSummary, mainLayout, staffUser } from '../../../test/reservations-fixtures.ts';

const staff = staffUser;
const location = diningRoom;

const reservation = bookedReservation();

const availability = availabilityAnswer;

async function openEdit() {
  const { user } = renderApp('/reservations/dashboard?date=2030-06-04', { user: staff });
  await user.click(await screen.findByRole('button', { name: 'View reservation #42 of Kenji Sato' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reservation #42' });
  await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
  // The form's own read (the day's slots) lands before anything is typed: keys typed while it
  // re-rendered the form were lost now and then ('Kenji S.' became 'nji S.'), at any clock.
  await waitFor(() => expect(within(within(dialog).getByLabelText('Time')).getAllByRole('option').length).toBeGreaterThan(1));
  return { user, dialog };
}

describe('Reservation Details: editing the date and time', () => {
  afterEach(cleanup);

  it('offers the engine’s slots for the chosen date and sends the new start; an unchanged start is not sent', async () => {
    const api = mockApi({
      'GET /reservations': { body: [reservation] },
      'GET /locations': { body: [location] },
      'GET /availability': (call) => ({ body: availability(call.query.get('date')!, call.query.get('date') === '2030-06-05' ? ['12:00', '19:30'] : ['18:00', '19:00']) }),
      'PATCH /reservations/42': (call) => ({ body: { ...reservation, ...(call.body as { reservation: Partial<ReservationOutput> }).reservation } }),
    });
    const { user, dialog } = await openEdit();
    const time = within(dialog).getByLabelText('Time');
    await waitFor(() => expect(within(time).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select a time', '6:00 PM (20 seats free)', '7:00 PM (20 seats free)']));
    expect(time).toHaveValue('2030-06-04T08:00:00.000Z');

    // Saving without moving the start leaves start_time out (no capacity re-check needed for it).
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Reservation updated!')).toBeInTheDocument();
    expect((api.callsTo('PATCH', '/reservations/42')[0]!.body as { reservation: Record<string, unknown> }).reservation).not.toHaveProperty('start_time');

    // Another date: its own slots, and the time must be chosen again.
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    const date = within(dialog).getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2030-06-05');
    await waitFor(() => expect(within(within(dialog).getByLabelText('Time')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select a time', '12:00 PM (20 seats free)', '7:30 PM (20 seats free)']));
    expect(within(dialog).getByLabelText('Time')).toHaveValue('');
    expect(api.callsTo('GET', '/availability').at(-1)!.query.get('party_size')).toBe('4');
    expect(api.callsTo('GET', '/availability').at(-1)!.query.get('exclude_reservation_id')).toBe('42');
    await user.selectOptions(within(dialog).getByLabelText('Time'), '2030-06-05T09:30:00.000Z');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/reservations/42')).toHaveLength(2));
    expect((api.callsTo('PATCH', '/reservations/42')[1]!.body as { reservation: Record<string, unknown> }).reservation).toMatchObject({ start_time: '2030-06-05T09:30:00.000Z', party_size: 4 });
  });

  it('shows the server’s capacity refusal and keeps the form open', async () => {
    mockApi({
      'GET /reservations': { body: [reservation] },
      'GET /locations': { body: [location] },
      'GET /availability': { body: availability('2030-06-04', ['18:00', '19:00']) },
      'PATCH /reservations/42': apiError(409, 'No capacity available for this time slot', { start_time: 'No capacity available for this time slot' }),
    });
    const { user, dialog } = await openEdit();
    await waitFor(() => expect(within(within(dialog).getByLabelText('Time')).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(within(dialog).getByLabelText('Time'), '2030-06-04T09:00:00.000Z');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error updating reservation. Please try again.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('No capacity available for this time slot').length).toBeGreaterThan(0);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });
});

describe('Reservation Details: a new party size and the seats held', () => {
  afterEach(cleanup);

  it('says which held seats the server freed for the new party size, and where to pick new ones (0080)', async () => {
    const holding: ReservationOutput = { ...reservation, status: 'reserved', seat_labels: ['T1-1', 'T1-2', 'T1-3', 'T1-4'] };
    let saved = holding;
    const api = mockApi({
      'GET /reservations': () => ({ body: [saved] }),
      'GET /locations': { body: [location] },
      'GET /availability': { body: availability('2030-06-04', ['18:00', '19:00']) },
      'PATCH /reservations/42': (call) => {
        const change = (call.body as { reservation: Partial<ReservationOutput> }).reservation;
        saved = { ...holding, ...change, seat_labels: change.party_size === holding.party_size ? holding.seat_labels : [] };
        return { body: saved };
      },
    });
    const { user, dialog } = await openEdit();
    const party = within(dialog).getByLabelText('Party Size');
    await user.clear(party);
    await user.type(party, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Seats T1-1, T1-2, T1-3, T1-4 were freed for the new party size: pick 5 seats on the Seat Map.')).toBeInTheDocument();
    expect((api.callsTo('PATCH', '/reservations/42')[0]!.body as { reservation: Record<string, unknown> }).reservation).toMatchObject({ party_size: 5 });
  });
});

describe('Reservation Details: seat preferences', () => {
  afterEach(cleanup);
  const preferring: ReservationOutput = { ...reservation, seat_preferences: [['T1-1', 'T1-2', 'T1-3', 'T1-4'], ['B-1', 'B-2', 'B-3', 'B-4']] };

  async function openRead() {
    const { user } = renderApp('/reservations/dashboard?date=2030-06-04', { user: staff });
    await user.click(await screen.findByRole('button', { name: 'View reservation #42 of Kenji Sato' }));
    return { user, dialog: await screen.findByRole('dialog', { name: 'Reservation #42' }) };
  }

  it('Assign reserves the option’s seats; the reservation then shows reserved with its Current Seats', async () => {
    let assigned = false;
    const api = mockApi({
      'GET /reservations': () => ({ body: [assigned ? { ...preferring, status: 'reserved', seat_labels: ['B-1', 'B-2', 'B-3', 'B-4'] } : preferring] }),
      'GET /locations': { body: [location] },
      'POST /seat_allocations/reserve': () => {
        assigned = true;
        return { status: 201, body: [] };
      },
    });
    const { user, dialog } = await openRead();
    await user.click(within(dialog).getByRole('button', { name: 'Assign option 2' }));
    expect(await screen.findByText('Seats reserved successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/seat_allocations/reserve')[0]!.body).toEqual({ occupant_type: 'reservation', occupant_id: 42, seat_labels: ['B-1', 'B-2', 'B-3', 'B-4'], date: '2030-06-04' });
    await waitFor(() => expect(within(dialog).getByTestId('current-seats')).toHaveTextContent('B-1, B-2, B-3, B-4'));
    expect(within(dialog).getByText('Reserved')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Assign/ })).not.toBeInTheDocument();
  });

  it('a 422 for seats taken shows the spec’s words; another refusal keeps “Check console.” and adds the server’s reason', async () => {
    let reply = apiError(422, 'Some seats are already reserved. Please choose different seats.', { seat_labels: 'Some seats are already reserved. Please choose different seats.' }, 'VALIDATION_ERROR');
    mockApi({
      'GET /reservations': { body: [preferring] },
      'GET /locations': { body: [location] },
      'POST /seat_allocations/reserve': () => reply,
    });
    const { user, dialog } = await openRead();
    await user.click(within(dialog).getByRole('button', { name: 'Assign option 1' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Some seats are already taken. Choose another preference.'));
    reply = apiError(422, 'Need exactly 4 seat(s).', { seat_labels: 'Need exactly 4 seat(s).' }, 'VALIDATION_ERROR');
    await user.click(within(dialog).getByRole('button', { name: 'Assign option 1' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Failed to assign seats\. Check console\.\s+Need exactly 4 seat\(s\)\.$/));
    expect(within(dialog).getByText('Booked')).toBeInTheDocument();
  });

  it('the edit view’s Edit Seat Preferences opens the picker and the chosen options are saved with PATCH', async () => {
    const layout = {
      id: 7, restaurant_id: 1, name: 'Main', is_active: true, section_count: 1, seat_count: 2, created_at: reservation.created_at, updated_at: reservation.created_at,
      seat_sections: [{ id: 70, name: 'Bar', section_type: 'counter', orientation: 'horizontal', offset_x: 100, offset_y: 100, floor_number: 1,
        seats: [0, 1].map((i) => ({ id: 700 + i, seat_section_id: 70, label: `B-${i + 1}`, position_x: 60 * i, position_y: 0, capacity: 1 })) }],
    };
    const { seat_sections: _s, ...summary } = layout;
    const api = mockApi({
      'GET /reservations': { body: [{ ...reservation, seat_preferences: [['T1-1']] }] },
      'GET /locations': { body: [location] },
      'GET /availability': { body: availability('2030-06-04', ['18:00']) },
      'GET /layouts': { body: [summary] },
      'GET /layouts/7': { body: layout },
      'GET /seat_allocations': { body: [] },
      'PATCH /reservations/42': (call) => ({ body: { ...reservation, ...(call.body as { reservation: Partial<ReservationOutput> }).reservation } }),
    });
    const { user, dialog } = await openEdit();
    const opener = within(dialog).getByRole('button', { name: 'Edit Seat Preferences' });
    await user.click(opener);
    const picker = await screen.findByRole('dialog', { name: 'Select Seat Preferences' });
    await user.click(within(picker).getByRole('button', { name: /^Option 2/ }));
    await user.click(await within(picker).findByRole('button', { name: 'Seat B-2, free' }));
    await user.click(within(picker).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Select Seat Preferences' })).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/reservations/42')).toHaveLength(1));
    expect((api.callsTo('PATCH', '/reservations/42')[0]!.body as { reservation: Record<string, unknown> }).reservation).toMatchObject({ seat_preferences: [['T1-1'], ['B-2']] });
  });
});

describe('Reservation Details: lowering the party size below a seat-preference option', () => {
  afterEach(cleanup);
  const four: ReservationOutput = { ...reservation, seat_preferences: [['T1-1', 'T1-2', 'T1-3', 'T1-4']] };
  const floorRoutes = {
    'GET /reservations': { body: [four] },
    'GET /locations': { body: [location] },
    'GET /availability': { body: availability('2030-06-04', ['18:00']) },
    'GET /layouts': { body: [layoutSummary(mainLayout)] },
    'GET /layouts/7': { body: mainLayout },
    'GET /seat_allocations': { body: [] },
  };

  it('is caught before saving: the domain’s message at Seat Preferences, focus there, no PATCH, edits kept; fixing the option saves', async () => {
    const api = mockApi({ ...floorRoutes, 'PATCH /reservations/42': (call) => ({ body: { ...four, ...(call.body as { reservation: Partial<ReservationOutput> }).reservation } }) });
    const { user, dialog } = await openEdit();
    const field = within(dialog).getByRole('group', { name: 'Seat Preferences (up to 3)' });
    await user.clear(within(dialog).getByLabelText('Guest Name'));
    await user.type(within(dialog).getByLabelText('Guest Name'), 'Kenji S.');
    await user.clear(within(dialog).getByLabelText('Party Size'));
    await user.type(within(dialog).getByLabelText('Party Size'), '2');
    // Not while typing; once the field is left.
    expect(within(field).queryByText('Option 1 can only have up to 2 seat(s).')).not.toBeInTheDocument();
    await user.tab();
    expect(within(field).getByText('Option 1 can only have up to 2 seat(s).')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const edit = within(field).getByRole('button', { name: 'Edit Seat Preferences' });
    expect(edit).toHaveFocus();
    expect(edit).toHaveAccessibleDescription('Option 1 can only have up to 2 seat(s).');
    expect(api.callsTo('PATCH', '/reservations/42')).toHaveLength(0);
    expect(within(dialog).getByLabelText('Guest Name')).toHaveValue('Kenji S.');
    expect(within(dialog).getByLabelText('Party Size')).toHaveValue('2');

    // The picker says so too, and removing two seats fixes it.
    await user.click(edit);
    const picker = await screen.findByRole('dialog', { name: 'Select Seat Preferences' });
    expect(within(picker).getByText('Option 1 can only have up to 2 seat(s).')).toBeInTheDocument();
    await user.click(await within(picker).findByRole('button', { name: 'Seat T1-3, selected' }));
    await user.click(within(picker).getByRole('button', { name: 'Seat T1-4, selected' }));
    await user.click(within(picker).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Select Seat Preferences' })).not.toBeInTheDocument());
    expect(within(field).queryByText(/can only have up to/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/reservations/42')).toHaveLength(1));
    expect((api.callsTo('PATCH', '/reservations/42')[0]!.body as { reservation: Record<string, unknown> }).reservation).toMatchObject({
      contact_name: 'Kenji S.',
      party_size: 2,
      seat_preferences: [['T1-1', 'T1-2']],
    });
  });

  it.each([422, 400])('the server’s %i refusal of the options is shown at Seat Preferences and the form stays open', async (status) => {
    // A second host saved a larger option meanwhile: this form did not know, the server did.
    mockApi({ ...floorRoutes, 'PATCH /reservations/42': apiError(status, 'Option 1 can only have up to 4 seat(s).', { seat_preferences: 'Option 1 can only have up to 4 seat(s).' }, 'VALIDATION_ERROR') });
    const { user, dialog } = await openEdit();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error updating reservation. Please try again.')).toBeInTheDocument();
    const field = within(dialog).getByRole('group', { name: 'Seat Preferences (up to 3)' });
    expect(within(field).getByText('Option 1 can only have up to 4 seat(s).')).toBeInTheDocument();
    expect(within(field).getByRole('button', { name: 'Edit Seat Preferences' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });
});
