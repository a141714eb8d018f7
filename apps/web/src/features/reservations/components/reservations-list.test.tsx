import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { bookedReservation, diningRoom, staffUser } from '../../../test/reservations-fixtures.ts';

const staff = staffUser;
const location = diningRoom;
const reservation = bookedReservation({ contact_phone: '+16715550142', contact_email: 'kenji@example.jp' });

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
