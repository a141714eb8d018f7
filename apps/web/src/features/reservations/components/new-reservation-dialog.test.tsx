import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReservationOutput } from '@kusina/domain/reservations';
import { mockApi } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { availabilityAnswer, bookedReservation, diningRoom, staffUser } from '../../../test/reservations-fixtures.ts';

const staff = staffUser;
const location = diningRoom;

const availability = (slots: string[]) => availabilityAnswer('2030-06-04', slots);

function created(body: Record<string, unknown>): ReservationOutput {
  const start = String(body.start_time);
  return bookedReservation({ start_time: start, end_time: start, duration_minutes: Number(body.duration_minutes), party_size: Number(body.party_size), contact_name: String(body.contact_name) });
}

describe('New Reservation (staff)', () => {
  afterEach(cleanup);

  it('with exactly one slot hides the duration and books 720 minutes; the bare +1671 is sent empty', async () => {
    const api = mockApi({
      'GET /reservations': { body: [] },
      'GET /locations': { body: [location] },
      'GET /availability': { body: availability(['18:00']) },
      'POST /reservations': (call) => ({ status: 201, body: created((call.body as { reservation: Record<string, unknown> }).reservation) }),
    });
    const { user } = renderApp('/reservations/dashboard', { user: staff });
    expect(await screen.findByRole('heading', { name: 'Reservations', level: 2 })).toBeInTheDocument();
    // Staff see the Reservations and Waitlist tabs, not the admin ones (decisions 0032, 0058).
    expect(within(screen.getByRole('navigation', { name: 'Reservations dashboard' })).getAllByRole('link').map((l) => l.textContent)).toEqual(['Reservations', 'Waitlist', 'Seating']);
    expect(await screen.findByText('No reservations found.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New Reservation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Reservation' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Guest name is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please pick a valid date/time.')).toBeInTheDocument();

    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(2));
    expect(within(dialog).queryByLabelText('Duration (minutes)')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('+1671');
    await user.selectOptions(within(dialog).getByLabelText('Time'), '2030-06-04T08:00:00.000Z');
    await user.type(within(dialog).getByLabelText('Guest Name'), 'One Slot Party');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Reservation created successfully!')).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST' && c.path === '/reservations');
    expect((post?.body as { reservation: Record<string, unknown> }).reservation).toMatchObject({ duration_minutes: 720, contact_phone: '', party_size: 2, start_time: '2030-06-04T08:00:00.000Z', contact_name: 'One Slot Party' });
  });

  it('with several slots offers the duration options', async () => {
    mockApi({
      'GET /reservations': { body: [] },
      'GET /locations': { body: [location] },
      'GET /availability': { body: availability(['18:00', '18:30']) },
    });
    const { user } = renderApp('/reservations/dashboard', { user: staff });
    await user.click(await screen.findByRole('button', { name: 'New Reservation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Reservation' });
    const duration = await within(dialog).findByLabelText('Duration (minutes)');
    expect(within(duration).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['30', '60', '90', '120', '180', '240', '360', '480', '720']);
    expect(within(duration).getByRole('option', { name: '1.5 hours' })).toBeInTheDocument();
  });

  it("starts from the restaurant's default length (§9), offers it when off the list, and books what staff choose", async () => {
    const api = mockApi({
      'GET /reservations': { body: [] },
      'GET /locations': { body: [location] },
      'GET /availability': { body: { ...availability(['18:00', '18:30']), default_reservation_length: 45 } },
      'POST /reservations': (call) => ({ status: 201, body: created((call.body as { reservation: Record<string, unknown> }).reservation) }),
    });
    const { user } = renderApp('/reservations/dashboard', { user: staff });
    await user.click(await screen.findByRole('button', { name: 'New Reservation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Reservation' });
    await waitFor(() => expect(within(dialog).getByLabelText('Duration (minutes)')).toHaveValue('45'));
    const duration = within(dialog).getByLabelText('Duration (minutes)');
    expect(within(duration).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['30', '45', '60', '90', '120', '180', '240', '360', '480', '720']);
    // Until staff choose, availability is asked for the restaurant's own length.
    expect(api.callsTo('GET', '/availability')[0]!.query.has('duration_minutes')).toBe(false);
    await user.selectOptions(within(dialog).getByLabelText('Time'), '2030-06-04T08:00:00.000Z');
    await user.type(within(dialog).getByLabelText('Guest Name'), 'Default Stay');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Reservation created successfully!')).toBeInTheDocument();
    expect((api.callsTo('POST', '/reservations')[0]!.body as { reservation: Record<string, unknown> }).reservation).toMatchObject({ duration_minutes: 45 });

    await user.click(screen.getByRole('button', { name: 'New Reservation' }));
    const again = await screen.findByRole('dialog', { name: 'New Reservation' });
    await waitFor(() => expect(within(again).getByLabelText('Duration (minutes)')).toHaveValue('45'));
    await user.selectOptions(within(again).getByLabelText('Duration (minutes)'), '120');
    await waitFor(() => expect(api.callsTo('GET', '/availability').at(-1)!.query.get('duration_minutes')).toBe('120'));
    expect(within(again).getByLabelText('Duration (minutes)')).toHaveValue('120');
    await user.selectOptions(within(again).getByLabelText('Time'), '2030-06-04T08:30:00.000Z');
    await user.type(within(again).getByLabelText('Guest Name'), 'Long Stay');
    await user.click(within(again).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.callsTo('POST', '/reservations')).toHaveLength(2));
    expect((api.callsTo('POST', '/reservations')[1]!.body as { reservation: Record<string, unknown> }).reservation).toMatchObject({ duration_minutes: 120, contact_name: 'Long Stay' });
  });

  it('Select Seat Preferences: the picked options go into the create body, and the button then reads Edit Seat Preferences', async () => {
    const layout = {
      id: 7, restaurant_id: 1, name: 'Main', is_active: true, section_count: 1, seat_count: 3, created_at: '2030-06-01T00:00:00.000Z', updated_at: '2030-06-01T00:00:00.000Z',
      seat_sections: [{ id: 70, name: 'Bar', section_type: 'counter', orientation: 'horizontal', offset_x: 100, offset_y: 100, floor_number: 1,
        seats: [0, 1, 2].map((i) => ({ id: 700 + i, seat_section_id: 70, label: `B-${i + 1}`, position_x: 60 * i, position_y: 0, capacity: 1 })) }],
    };
    const { seat_sections: _s, ...summary } = layout;
    const api = mockApi({
      'GET /reservations': { body: [] },
      'GET /locations': { body: [location] },
      'GET /availability': { body: availability(['18:00', '18:30']) },
      'GET /layouts': { body: [summary] },
      'GET /layouts/7': { body: layout },
      'GET /seat_allocations': { body: [] },
      'POST /reservations': (call) => ({ status: 201, body: created((call.body as { reservation: Record<string, unknown> }).reservation) }),
    });
    const { user } = renderApp('/reservations/dashboard?date=2030-06-04', { user: staff });
    await user.click(await screen.findByRole('button', { name: 'New Reservation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Reservation' });
    await waitFor(() => expect(within(within(dialog).getByLabelText('Time')).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(within(dialog).getByLabelText('Time'), '2030-06-04T08:00:00.000Z');
    await user.type(within(dialog).getByLabelText('Guest Name'), 'Window Fans');
    const day = (within(dialog).getByLabelText('Date') as HTMLInputElement).value;
    await user.click(within(dialog).getByRole('button', { name: 'Select Seat Preferences' }));
    const picker = await screen.findByRole('dialog', { name: 'Select Seat Preferences' });
    await user.click(await within(picker).findByRole('button', { name: 'Seat B-1, free' }));
    await user.click(within(picker).getByRole('button', { name: 'Seat B-3, free' }));
    await user.click(within(picker).getByRole('button', { name: 'Seat B-2, free' }));
    expect(within(picker).getByRole('alert')).toHaveTextContent('Option 1 can only have up to 2 seat(s).');
    await user.click(within(picker).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Select Seat Preferences' })).not.toBeInTheDocument());
    expect(within(dialog).getByRole('group', { name: 'Seat Preferences (Optional)' })).toHaveTextContent('Option 1: B-1, B-3');
    expect(within(dialog).getByRole('button', { name: 'Edit Seat Preferences' })).toHaveFocus();

    // A party of one no longer fits Option 1: said at Seat Preferences once Party Size is left, and Create sends nothing.
    const party = within(dialog).getByLabelText('Party Size');
    await user.clear(party);
    await user.type(party, '1');
    const field = within(dialog).getByRole('group', { name: 'Seat Preferences (Optional)' });
    expect(within(field).queryByText('Option 1 can only have up to 1 seat(s).')).not.toBeInTheDocument();
    await user.tab();
    expect(within(field).getByText('Option 1 can only have up to 1 seat(s).')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('button', { name: 'Edit Seat Preferences' })).toHaveFocus();
    expect(api.callsTo('POST', '/reservations')).toHaveLength(0);
    await user.clear(party);
    await user.type(party, '2');
    expect(within(field).queryByText(/can only have up to/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Reservation created successfully!')).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST' && c.path === '/reservations');
    expect((post?.body as { reservation: Record<string, unknown> }).reservation).toMatchObject({ seat_preferences: [['B-1', 'B-3']], party_size: 2 });
    // The day's allocations are those of the dialog's date.
    expect(api.callsTo('GET', '/seat_allocations')[0]!.query.get('date')).toBe(day);
  });
});
