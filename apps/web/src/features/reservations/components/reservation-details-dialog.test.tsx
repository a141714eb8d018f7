import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReservationOutput } from '@kusina/domain/reservations';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';

const staff = makeUser({ id: 3, role: 'staff', first_name: 'Kekoa', last_name: 'Staff', name: 'Kekoa Staff' });
const location = { id: 1, restaurant_id: 1, name: 'Tamuning Dining Room', address: null, phone_number: null, is_default: true, is_active: true, active: true };

// 18:00 Guam on Tue Jun 4, 2030 is 08:00 UTC.
const reservation: ReservationOutput = {
  id: 42,
  reservation_number: 'R-000042',
  restaurant_id: 1,
  location_id: 1,
  location: { id: 1, name: location.name },
  start_time: '2030-06-04T08:00:00.000Z',
  end_time: '2030-06-04T09:00:00.000Z',
  duration_minutes: 60,
  party_size: 4,
  contact_name: 'Kenji Sato',
  contact_phone: null,
  contact_email: null,
  status: 'booked',
  seat_preferences: [],
  seat_labels: [],
  special_requests: null,
  source: 'staff',
  created_at: '2030-06-01T00:00:00.000Z',
  updated_at: '2030-06-01T00:00:00.000Z',
};

const utc = (date: string, time: string) => `${date}T${String(Number(time.slice(0, 2)) - 10).padStart(2, '0')}:${time.slice(3)}:00.000Z`;
function availability(date: string, slots: string[]) {
  return {
    date,
    location_id: 1,
    slots,
    slot_details: slots.map((time) => ({ time, start_time: utc(date, time), available_seats: 20 })),
    closed_reason: null,
    actual_capacity: 26,
    admin_max_party_size: 20,
    effective_max_party_size: 20,
    max_available_seats: 26,
    default_reservation_length: 60,
  };
}

async function openEdit() {
  const { user } = renderApp('/reservations/dashboard?date=2030-06-04', { user: staff });
  await user.click(await screen.findByRole('button', { name: 'View reservation #42 of Kenji Sato' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reservation #42' });
  await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
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
