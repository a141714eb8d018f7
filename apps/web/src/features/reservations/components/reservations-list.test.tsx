import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReservationOutput } from '@kusina/domain/reservations';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';

const staff = makeUser({ id: 3, role: 'staff', first_name: 'Kekoa', last_name: 'Staff', name: 'Kekoa Staff' });
const location = { id: 1, restaurant_id: 1, name: 'Tamuning Dining Room', address: null, phone_number: null, is_default: true, is_active: true, active: true };
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
  contact_phone: '+16715550142',
  contact_email: 'kenji@example.jp',
  status: 'booked',
  seat_preferences: [],
  seat_labels: [],
  special_requests: null,
  source: 'staff',
  created_at: '2030-06-01T00:00:00.000Z',
  updated_at: '2030-06-01T00:00:00.000Z',
};

describe('Reservations list', () => {
  afterEach(cleanup);

  it("a failed load says the spec's sentence (or the server's reason) and Try again loads the list", async () => {
    let answer: Response | { body: unknown } = apiError(500, 'Something went wrong. Please try again.', undefined, 'INTERNAL');
    mockApi({ 'GET /locations': { body: [location] }, 'GET /reservations': () => answer });
    const { user } = renderApp('/reservations/dashboard/reservations', { user: staff });
    expect(await screen.findByText('Failed to load reservations. Please try again.')).toBeInTheDocument();
    answer = apiError(403, 'You do not have permission to do that.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You do not have permission to do that.')).toBeInTheDocument();
    answer = { body: [reservation] };
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const row = (await screen.findByText('Kenji Sato')).closest('tr')!;
    expect(within(row).getByText('#42')).toBeInTheDocument();
  });

  it('searches by name, phone or e-mail; nothing found says so', async () => {
    mockApi({ 'GET /locations': { body: [location] }, 'GET /reservations': { body: [reservation, { ...reservation, id: 43, contact_name: 'Ana Cruz', contact_phone: null, contact_email: 'ana@example.com' }] } });
    const { user } = renderApp('/reservations/dashboard/reservations', { user: staff });
    await screen.findByText('Kenji Sato');
    const search = screen.getByPlaceholderText('Search by name');
    await user.type(search, '555-0142');
    expect(screen.getByText('Kenji Sato')).toBeInTheDocument();
    expect(screen.queryByText('Ana Cruz')).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'ana@');
    expect(screen.getByText('Ana Cruz')).toBeInTheDocument();
    expect(screen.queryByText('Kenji Sato')).not.toBeInTheDocument();
    await user.type(search, 'nobody');
    expect(screen.getByText('No reservations found.')).toBeInTheDocument();
  });
});
