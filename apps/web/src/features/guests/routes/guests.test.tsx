import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { GuestProfileOutput } from '@kusina/domain/guests';
import { mockApi } from '../../../test/api-mock.ts';
import { renderApp, renderWithProviders } from '../../../test/render-app.tsx';
import { bookedReservation, diningRoom, staffUser } from '../../../test/reservations-fixtures.ts';
import { GuestProfilePanel } from './guest-profile-panel.tsx';

/* Guests remembered (issue #35 item 6; decision 0109): the profile panel, its notes and tags, and Find Guest. */
const rosa = (overrides: Partial<GuestProfileOutput> = {}): GuestProfileOutput => ({
  restaurant_id: 1,
  phone: '+16715550102',
  email: null,
  name: 'Rosa Taitano',
  notes: 'Shellfish allergy.',
  tags: ['regular'],
  visits: 3,
  no_shows: 1,
  cancellations: 0,
  last_visit_at: '2030-06-02T02:00:00.000Z',
  history: [{ kind: 'waitlist', id: 9, at: '2030-06-02T02:00:00.000Z', party_size: 2, status: 'seated' }],
  ...overrides,
});

describe('guest profiles', () => {
  afterEach(cleanup);

  it('shows the guest’s counts, tags and notes, and saves new notes and tags', async () => {
    let saved = rosa();
    const api = mockApi({
      'GET /guests/profile': () => ({ body: saved }),
      'PUT /guests/profile': (call) => {
        const body = call.body as { notes: string; tags: string[] };
        saved = rosa({ notes: body.notes, tags: body.tags });
        return { body: saved };
      },
    });
    const { findByText } = renderWithProviders(<GuestProfilePanel contact={{ phone: '+16715550102', email: null }} />);
    expect(await findByText('3 visits · 1 no-show · 0 cancellations')).toBeInTheDocument();
    expect(api.callsTo('GET', '/guests/profile')[0]!.query.get('phone')).toBe('+16715550102');
    expect(within(screen.getByRole('list', { name: 'Tags' })).getByText('regular')).toBeInTheDocument();
    expect(screen.getByText('Shellfish allergy.')).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Update Notes & Tags' }));
    const notes = await screen.findByLabelText(/^Notes/);
    await user.clear(notes);
    await user.type(notes, 'Shellfish allergy. Corner booth.');
    const tags = screen.getByLabelText(/^Tags/);
    await user.clear(tags);
    await user.type(tags, 'regular, VIP ,');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/guests/profile')).toHaveLength(1));
    expect(api.callsTo('PUT', '/guests/profile')[0]!.body).toEqual({ phone: '+16715550102', email: null, notes: 'Shellfish allergy. Corner booth.', tags: ['regular', 'VIP'] });
    expect(await screen.findByText('Shellfish allergy. Corner booth.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Tags' })).getByText('VIP')).toBeInTheDocument();
  });

  it('Find Guest on the Waitlist tab searches by name or phone and opens the guest’s profile; a row’s Profile shows it too', async () => {
    const api = mockApi({
      'GET /locations': { body: [diningRoom] },
      'GET /waitlist_entries': {
        body: [
          {
            id: 1,
            restaurant_id: 1,
            location_id: null,
            contact_name: 'Rosa Taitano',
            contact_phone: '+16715550102',
            party_size: 2,
            check_in_time: new Date().toISOString(),
            status: 'waiting',
            seat_labels: [],
            notes: null,
            quoted_wait_minutes: null,
            seated_at: null,
            actual_wait_minutes: null,
            left_at: null,
            notified_at: null,
            source: 'staff',
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
          },
        ],
      },
      'GET /guests': { body: [rosa()] },
      'GET /guests/profile': { body: rosa() },
    });
    const { user } = renderApp('/reservations/dashboard/waitlist', { user: staffUser });
    await user.click(await screen.findByRole('button', { name: 'Find Guest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Find Guest' });
    await user.type(within(dialog).getByLabelText('Name or phone'), 'rosa');
    const found = await within(dialog).findByRole('list', { name: 'Guests found' });
    expect(api.callsTo('GET', '/guests').at(-1)!.query.get('q')).toBe('rosa');
    await user.click(within(found).getByRole('button', { name: /Rosa Taitano/ }));
    expect(await within(dialog).findByText('3 visits · 1 no-show · 0 cancellations')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Profile Rosa Taitano' }));
    const profile = await screen.findByRole('dialog', { name: 'Rosa Taitano' });
    expect(await within(profile).findByText('Shellfish allergy.')).toBeInTheDocument();
  });
});

describe('Reservation Details', () => {
  afterEach(cleanup);

  it('shows the guest’s profile by the reservation’s phone and e-mail', async () => {
    const reservation = bookedReservation({ contact_phone: '+819012345678', contact_email: 'kenji.sato@example.jp' });
    const api = mockApi({
      'GET /reservations': { body: [reservation] },
      'GET /locations': { body: [diningRoom] },
      'GET /guests/profile': { body: rosa({ name: reservation.contact_name, tags: ['anniversary'], notes: 'Prefers the lanai', visits: 1, no_shows: 2 }) },
    });
    const { user } = renderApp('/reservations/dashboard?date=2030-06-04', { user: staffUser });
    await user.click(await screen.findByRole('button', { name: `View reservation #${reservation.id} of ${reservation.contact_name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Reservation #${reservation.id}` });
    const panel = within(dialog).getByRole('region', { name: 'Guest Profile' });
    expect(await within(panel).findByText('1 visit · 2 no-shows · 0 cancellations')).toBeInTheDocument();
    expect(within(panel).getByText('Prefers the lanai')).toBeInTheDocument();
    const lookup = api.callsTo('GET', '/guests/profile')[0]!.query;
    expect([lookup.get('phone'), lookup.get('email')]).toEqual([reservation.contact_phone, reservation.contact_email]);
  });
});
