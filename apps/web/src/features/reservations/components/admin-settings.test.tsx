import { cleanup, screen, waitFor, within } from '@testing-library/react';
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

  it('turn times: the bands by party size, a wrong value said at its field with focus there, and nothing is saved', async () => {
    const api = settingsApi();
    const { user } = renderApp('/reservations/dashboard/settings', { user: admin });
    const group = await screen.findByRole('group', { name: '1–2 guests' });
    expect(screen.getByRole('group', { name: '3–4 guests' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '5 or more guests' })).toBeInTheDocument();
    const minutes = within(group).getByLabelText('Minutes, turn time 1');
    expect(minutes).toHaveValue(75);
    await user.clear(minutes);
    await user.type(minutes, '72');
    const upTo = screen.getByLabelText('Up to (guests), turn time 2');
    await user.clear(upTo);
    await user.type(upTo, '2');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(minutes).toHaveAccessibleDescription('Use 5-minute steps');
    expect(minutes).toHaveFocus();
    expect(upTo).toHaveAccessibleDescription('List party sizes from smallest to largest');
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
    // Typing again clears the errors.
    await user.clear(minutes);
    await user.type(minutes, '70');
    expect(minutes).not.toHaveAccessibleDescription('Use 5-minute steps');
  });

  it('turn times: a band is added and removed (focus back on Add Turn Time); Save writes the bands, the JSON keeps the rest', async () => {
    const saved = { reservations: { enable_reservations_button: true }, turn_times: [{ up_to: 2, minutes: 75 }, { up_to: 4, minutes: 90 }, { up_to: null, minutes: 120 }] };
    const api = settingsApi({
      'GET /restaurants/1': { body: { ...restaurantFixture, default_reservation_length: 60, admin_settings: saved } },
      'PATCH /restaurants/1': { body: { ...restaurantFixture } },
    });
    const { user } = renderApp('/reservations/dashboard/settings', { user: admin });
    const add = await screen.findByRole('button', { name: 'Add Turn Time' });
    // The bands are edited here, not in the JSON.
    expect((screen.getByLabelText('Admin Settings JSON') as HTMLTextAreaElement).value).not.toContain('turn_times');
    expect((screen.getByLabelText('Admin Settings JSON') as HTMLTextAreaElement).value).toContain('enable_reservations_button');
    await user.click(add);
    // A new band after 3–4 guests: 5–6 guests, the open band now 7 or more.
    expect(screen.getByRole('group', { name: '5–6 guests' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '7 or more guests' })).toBeInTheDocument();
    const minutes = screen.getByLabelText('Minutes, turn time 3');
    await user.clear(minutes);
    await user.type(minutes, '105');
    await user.click(screen.getByRole('button', { name: 'Remove turn time 1 (1–2 guests)' }));
    expect(add).toHaveFocus();
    expect(screen.getByRole('group', { name: '1–4 guests' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/restaurants/1')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/restaurants/1')[0]!.body).toMatchObject({
      admin_settings: {
        reservations: { enable_reservations_button: true },
        turn_times: [
          { up_to: 4, minutes: 90 },
          { up_to: 6, minutes: 105 },
          { up_to: null, minutes: 120 },
        ],
      },
    });
  });

  it("turn times: the server's reason for a band is shown at its field", async () => {
    settingsApi({ 'PATCH /restaurants/1': apiError(400, 'At most 360 minutes', { 'admin_settings.turn_times.2.minutes': 'At most 360 minutes' }, 'VALIDATION_ERROR') });
    const { user } = renderApp('/reservations/dashboard/settings', { user: admin });
    await screen.findByRole('button', { name: 'Add Turn Time' });
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(screen.getByLabelText('Minutes, turn time 3')).toHaveAccessibleDescription('At most 360 minutes'));
  });
});
