import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';
import { diningRoom } from '../../../test/reservations-fixtures.ts';

const admin = makeUser({ id: 2, role: 'admin', email: 'admin@kusina.test', first_name: 'Lani', last_name: 'Admin', name: 'Lani Admin' });
const location = diningRoom;

describe('Blocked Periods', () => {
  afterEach(cleanup);

  it("a save the server refuses shows its reason under the spec's words and marks the field it names; the dialog stays open", async () => {
    const api = mockApi({
      'GET /locations': { body: [location] },
      'GET /blocked_periods': { body: [] },
      'POST /blocked_periods': apiError(400, 'Location not found.', { location_id: 'Location not found.' }, 'VALIDATION_ERROR'),
    });
    const { user } = renderApp('/reservations/dashboard/blocked-periods', { user: admin });
    expect(await screen.findByText('No blocked periods found.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Blocked Period' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Blocked Period' });
    // §5's own checks come first, at their fields.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByLabelText(/Start Time/)).toHaveAccessibleDescription('Start time is required');
    expect(within(dialog).getByLabelText(/Reason/)).toHaveAccessibleDescription('Reason is required');
    expect(api.callsTo('POST', '/blocked_periods')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Location'), '1');
    await user.type(within(dialog).getByLabelText(/Start Time/), '2030-06-04T12:00');
    await user.type(within(dialog).getByLabelText(/End Time/), '2030-06-04T14:00');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Private lunch');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const toast = await screen.findByText(/Failed to save blocked period\. Please try again\./);
    expect(toast).toHaveTextContent('Location not found.');
    expect(within(dialog).getByLabelText('Location')).toHaveAccessibleDescription('Location not found.');
    expect(screen.getByRole('dialog', { name: 'Add Blocked Period' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/blocked_periods')[0]!.body).toMatchObject({ location_id: 1, start_time: '2030-06-04T12:00:00', end_time: '2030-06-04T14:00:00', reason: 'Private lunch', status: 'active' });
  });
});
