import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WaitlistGuestView } from '@kusina/domain/waitlist';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { sockets } from '../../../test/fake-socket.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { staffUser } from '../../../test/reservations-fixtures.ts';

/*
 * The waitlist's guest pages (decision 0108): join from the host stand's link, follow one's place
 * live by the private link, leave; and the host stand's join link with its QR code.
 */
const TOKEN = 'a'.repeat(43);
const view = (overrides: Partial<WaitlistGuestView> = {}): WaitlistGuestView => ({
  restaurant_id: 1,
  restaurant_name: 'Kusina',
  contact_name: 'Ana Aguon',
  party_size: 2,
  status: 'waiting',
  place: 3,
  parties_ahead: 2,
  quoted_wait_minutes: 25,
  check_in_time: new Date().toISOString(),
  notified_at: null,
  ...overrides,
});

describe('the waitlist guest pages', () => {
  afterEach(cleanup);

  it('a guest joins from the link: required fields checked, the restaurant the link names, then the private follow page', async () => {
    const api = mockApi({
      'GET /public/waitlist_join': { body: { restaurant_id: 2, restaurant_name: 'Kusina Barrigada', max_party_size: 12, parties_waiting: 4 } },
      'POST /public/waitlist_entries': { status: 201, body: { token: TOKEN, entry: view() } },
      [`GET /public/waitlist/${TOKEN}`]: { body: view() },
    });
    const { user } = renderApp('/waitlist/join?r=2');
    expect(await screen.findByRole('heading', { name: 'Join the Waitlist' })).toBeInTheDocument();
    expect(await screen.findByText('Kusina Barrigada · 4 parties waiting now')).toBeInTheDocument();
    expect(api.callsTo('GET', '/public/waitlist_join')[0]!.query.get('restaurant_id')).toBe('2');
    expect(screen.getByLabelText(/^Party Size/)).toHaveAccessibleDescription('Up to 12 guests');

    await user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    expect(screen.getByText('Guest name is required.')).toBeInTheDocument();
    expect(screen.getByText('Phone is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/public/waitlist_entries')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Name/), 'Ana Aguon');
    await user.type(screen.getByLabelText(/^Phone/), ' 555 0401');
    await user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/waitlist/follow/${TOKEN}`));
    expect((api.callsTo('POST', '/public/waitlist_entries')[0]!.body as { waitlist_entry: unknown }).waitlist_entry).toEqual({ restaurant_id: 2, contact_name: 'Ana Aguon', party_size: 2, contact_phone: '+1671 555 0401' });
    expect(await screen.findByText('You’re 3rd in line')).toBeInTheDocument();
  });

  it('shows the server’s field message when it refuses the join', async () => {
    mockApi({
      'GET /public/waitlist_join': { body: { restaurant_id: 1, restaurant_name: 'Kusina', max_party_size: 20, parties_waiting: 0 } },
      'POST /public/waitlist_entries': apiError(400, 'We can text only these country codes: +1, +63', { contact_phone: 'We can text only these country codes: +1, +63' }, 'VALIDATION_ERROR'),
    });
    const { user } = renderApp('/waitlist/join');
    await screen.findByText('Kusina · 0 parties waiting now');
    await user.type(screen.getByLabelText(/^Name/), 'Ana');
    const phone = screen.getByLabelText(/^Phone/);
    await user.clear(phone);
    await user.type(phone, '+44 20 7946 0958');
    await user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    await waitFor(() => expect(screen.getByLabelText(/^Phone/)).toHaveAccessibleDescription(/We can text only these country codes/));
    expect(screen.getByTestId('location')).toHaveTextContent('/waitlist/join');
  });

  it('the follow page shows the place and quote, moves live when the line moves, and leaves after confirming', async () => {
    sockets.length = 0;
    let current = view();
    const api = mockApi({
      [`GET /public/waitlist/${TOKEN}`]: () => ({ body: current }),
      [`POST /public/waitlist/${TOKEN}/leave`]: () => {
        current = view({ status: 'removed', place: null, parties_ahead: 0 });
        return { body: current };
      },
    });
    const { user } = renderApp(`/waitlist/follow/${TOKEN}`);
    expect(await screen.findByText('You’re 3rd in line')).toBeInTheDocument();
    expect(screen.getByText('2 parties ahead of you.')).toBeInTheDocument();
    expect(screen.getByText('25 min')).toBeInTheDocument();
    await vi.dynamicImportSettled();
    const socket = sockets.at(-1)!;
    act(() => socket.serverEmit('connect'));
    expect(socket.emitted).toContainEqual({ event: 'subscribe', payload: { channel: 'waitlist', token: TOKEN } });

    current = view({ place: 1, parties_ahead: 0, notified_at: new Date().toISOString() });
    act(() => socket.serverEmit('waitlist_line_moved', { restaurant_id: 1 }));
    expect(await screen.findByText('You’re next')).toBeInTheDocument();
    expect(screen.getByText('Your table is ready')).toBeInTheDocument();

    const leave = screen.getByRole('button', { name: 'Leave the Waitlist' });
    await user.click(leave);
    let dialog = await screen.findByRole('dialog', { name: 'Leave the waitlist?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay in Line' }));
    expect(api.callsTo('POST', `/public/waitlist/${TOKEN}/leave`)).toHaveLength(0);
    await waitFor(() => expect(leave).toHaveFocus());
    await user.click(leave);
    dialog = await screen.findByRole('dialog', { name: 'Leave the waitlist?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You have left the waitlist.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave the Waitlist' })).toBeNull();
  });

  it('a link that names no entry says so', async () => {
    mockApi({ [`GET /public/waitlist/${TOKEN}`]: apiError(404, 'Waitlist link not found.') });
    renderApp(`/waitlist/follow/${TOKEN}`);
    expect(await screen.findByText(/Waitlist link not found\./)).toBeInTheDocument();
  });

  it('the host stand shows the join link and its QR code', async () => {
    mockApi({ 'GET /locations': { body: [] }, 'GET /waitlist_entries': { body: [] } });
    const { user } = renderApp('/reservations/dashboard/waitlist', { user: staffUser });
    await user.click(await screen.findByRole('button', { name: 'Guest Join Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guest Join Link' });
    expect(within(dialog).getByTestId('waitlist-join-url')).toHaveTextContent(`${window.location.origin}/waitlist/join?r=1`);
    const qr = within(dialog).getByRole('img', { name: 'QR code of the waitlist join link' });
    expect(qr.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(100);
  });
});
