import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, mockApi, restaurantFixture } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';

const admin = makeUser({ id: 2, role: 'admin', email: 'admin@kusina.test', first_name: 'Lani', last_name: 'Admin', name: 'Lani Admin' });
const monday = { id: 11, restaurant_id: 1, day_of_week: 1, open_time: '11:00', close_time: '21:00', closed: false };

function settingsApi(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /operating_hours': { body: [monday] },
    'GET /special_events': { body: [] },
    'GET /discount_configurations': { body: [] },
    'GET /location_capacities': { body: [] },
    'GET /restaurants/1': { body: { ...restaurantFixture, default_reservation_length: 60, admin_settings: { reservations: { enable_reservations_button: true } } } },
    ...extra,
  });
}

describe('Admin Settings', () => {
  afterEach(cleanup);

  it('a default reservation length off the 15-minute steps is said at the field, and nothing is saved', async () => {
    const api = settingsApi();
    const { user } = renderApp('/reservations/dashboard/settings', { user: admin });
    const length = await screen.findByLabelText('Default Reservation Length (minutes)');
    await user.click(screen.getByRole('checkbox', { name: 'Monday closed' }));
    await user.clear(length);
    await user.type(length, '20');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Use steps of 15 minutes');
    expect(length).toHaveAccessibleDescription('Use steps of 15 minutes');
    expect(length).toHaveFocus();
    await user.clear(length);
    await user.type(length, '10');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(length).toHaveAccessibleDescription('Default reservation length must be at least 15 minutes');
    // Not even the changed hours went out: nothing is half saved.
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);

    await user.clear(length);
    await user.type(length, '90');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("a refused save shows the server's reason under the spec's words and keeps what was typed", async () => {
    settingsApi({ 'PATCH /restaurants/1': apiError(400, 'Use an https:// address', { 'admin_settings.hero_image_url': 'Use an https:// address' }, 'VALIDATION_ERROR') });
    const { user } = renderApp('/reservations/dashboard/settings', { user: admin });
    const json = await screen.findByLabelText('Admin Settings JSON');
    await user.clear(json);
    await user.click(json);
    await user.paste('{"hero_image_url": "http://example.com/a.jpg"}');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    const toast = await screen.findByText(/Failed to save settings\. See console for details\./);
    expect(toast).toHaveTextContent('Use an https:// address');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Settings' })).toBeEnabled());
    expect(screen.getByLabelText('Admin Settings JSON')).toHaveValue('{"hero_image_url": "http://example.com/a.jpg"}');
  });
});
