import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';

const admin = makeUser({ id: 2, role: 'admin', email: 'admin@kusina.test', first_name: 'Lani', last_name: 'Admin', name: 'Lani Admin' });
const capacity = { id: 5, restaurant_id: 1, location_id: 1, location: { id: 1, name: 'Tamuning Dining Room' }, total_capacity: 26, default_table_capacity: 4, is_active: true };

describe('Location Capacities', () => {
  afterEach(cleanup);

  it("§5's checks at their fields; a save the server refuses shows its reason and marks the field it names", async () => {
    const api = mockApi({
      'GET /location_capacities': { body: [capacity] },
      'PUT /location_capacities/5': apiError(400, 'Too large', { total_capacity: 'Too large' }, 'VALIDATION_ERROR'),
    });
    const { user } = renderApp('/reservations/dashboard/location-capacities', { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Edit capacity of Tamuning Dining Room' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tamuning Dining Room' });
    const total = within(dialog).getByLabelText('Total Capacity');
    await user.clear(total);
    await user.type(total, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(total).toHaveAccessibleDescription('Total capacity must be greater than 0');
    expect(api.callsTo('PUT', '/location_capacities/5')).toHaveLength(0);

    await user.clear(total);
    await user.type(total, '999999');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const toast = await screen.findByText(/Failed to save capacity\. Please try again\./);
    expect(toast).toHaveTextContent('Too large');
    expect(total).toHaveAccessibleDescription('Too large');
    expect(api.callsTo('PUT', '/location_capacities/5')[0]!.body).toEqual({ total_capacity: 999999, default_table_capacity: 4 });
  });
});
