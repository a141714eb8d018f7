import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';

const admin = makeUser({ id: 2, role: 'admin', first_name: 'Leilani', last_name: 'Admin', name: 'Leilani Admin' });

describe('Reports: visits', () => {
  // Noon in Guam on Tue Jun 4, 2030: the default range is May 29 – Jun 4.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-06-04T02:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the last 7 Guam days as a table: visits, reached checkout and ordered with their shares; another range reloads', async () => {
    const api = mockApi({
      'GET /admin/analytics/visits': (call) =>
        call.query.get('from') === '2030-05-29'
          ? { body: { from: '2030-05-29', to: '2030-06-04', visits: 200, reached_checkout: 50, ordered: 31 } }
          : { body: { from: call.query.get('from'), to: call.query.get('to'), visits: 0, reached_checkout: 0, ordered: 0 } },
    });
    const { user } = renderApp('/admin?tab=reports', { user: admin });
    const table = await screen.findByRole('table', { name: 'Visits from 2030-05-29 to 2030-06-04' });
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['StepVisitsShare of visits', 'Visited the site200100%', 'Reached checkout5025%', 'Ordered3116%']);

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2030-01-01');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2030-01-07');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('No visits recorded in these days.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/admin/analytics/visits').at(-1)!.query.get('to')).toBe('2030-01-07');
  });

  it('says so at the field when the range is backwards, and asks nothing', async () => {
    const api = mockApi({ 'GET /admin/analytics/visits': { body: { from: '2030-05-29', to: '2030-06-04', visits: 3, reached_checkout: 1, ordered: 0 } } });
    const { user } = renderApp('/admin?tab=reports', { user: admin });
    await screen.findByRole('table');
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2030-06-10');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription('The end date is before the start date.');
    expect(api.callsTo('GET', '/admin/analytics/visits')).toHaveLength(1);
  });

  it('a failed load says so with the reason, and Try again loads', async () => {
    let fail = true;
    mockApi({ 'GET /admin/analytics/visits': () => (fail ? apiError(409, 'Reports are being rebuilt.') : { body: { from: '2030-05-29', to: '2030-06-04', visits: 4, reached_checkout: 2, ordered: 1 } }) });
    const { user } = renderApp('/admin?tab=reports', { user: admin });
    expect(await screen.findByText(/Could not load the visits\./)).toHaveTextContent('Reports are being rebuilt.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('table')).toBeInTheDocument());
  });
});
