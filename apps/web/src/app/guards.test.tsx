import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-mock.ts';
import { makeUser, renderApp } from '../test/render-app.tsx';

const location = () => screen.getByTestId('location');

describe('route guards', () => {
  it.each(['/profile', '/orders'])('sends a signed-out visitor from %s to /login', async (path) => {
    mockApi();
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/login');
  });

  it('hands /login the whole way back (path, query and hash) in history state', async () => {
    mockApi();
    renderApp('/orders?status=cancelled#list');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/login$/);
    expect(window.history.state).toEqual({ from: { pathname: '/orders', search: '?status=cancelled', hash: '#list' } });
  });

  it.each(['/login', '/signup', '/forgot-password'])('sends a signed-in user from %s to /', async (path) => {
    mockApi();
    renderApp(path, { user: makeUser() });
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
  });

  it('lets a signed-in user open a reset link (it replaces the session on success)', async () => {
    mockApi();
    renderApp('/reset-password?token=t&email=a%40b.c', { user: makeUser() });
    expect(await screen.findByRole('heading', { name: 'Reset Your Password' })).toBeInTheDocument();
  });

  it('keeps customers and visitors out of /admin', async () => {
    mockApi();
    renderApp('/admin', { user: makeUser() });
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
  });

  it('shows staff the Staff Tools / Order Management dashboard without the outbox', async () => {
    const api = mockApi();
    renderApp('/admin', { user: makeUser({ role: 'staff', first_name: 'Kekoa' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff Tools / Order Management' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Message outbox' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/admin/notifications')).toHaveLength(0);
  });

  it('shows admins the Admin Dashboard with the message outbox', async () => {
    const api = mockApi({
      'GET /admin/notifications': {
        body: {
          messages: [
            {
              id: 1,
              channel: 'sms',
              recipient: '+16715550103',
              subject: null,
              body: 'Your Kusina verification code is 482913',
              status: 'sent',
              transport: 'outbox',
              created_at: '2026-05-01T01:00:00Z',
              sent_at: '2026-05-01T01:00:01Z',
            },
            {
              id: 2,
              channel: 'email',
              recipient: 'maria@example.com',
              subject: 'Reset your password',
              body: 'Choose a new password: http://localhost/reset-password?token=abc&email=maria%40example.com',
              status: 'sent',
              transport: 'outbox',
              created_at: '2026-05-01T02:00:00Z',
              sent_at: null,
            },
          ],
          total: 12,
          page: 1,
          per_page: 10,
        },
      },
    });
    const { user } = renderApp('/admin?tab=outbox', { user: makeUser({ role: 'admin', first_name: 'Ana' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    const outbox = await screen.findByRole('region', { name: 'Message outbox' });
    expect(await within(outbox).findByText('Your Kusina verification code is 482913')).toBeInTheDocument();
    expect(within(outbox).getByRole('link', { name: /reset-password\?token=abc/ })).toBeInTheDocument();
    expect(within(outbox).getByText(/Page 1 of 2/)).toBeInTheDocument();

    await user.selectOptions(within(outbox).getByLabelText('Channel'), 'sms');
    await waitFor(() => expect(api.callsTo('GET', '/admin/notifications').some((call) => call.query.get('channel') === 'sms')).toBe(true));
    await user.click(within(outbox).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.callsTo('GET', '/admin/notifications').some((call) => call.query.get('page') === '2')).toBe(true));
  });

  it('shows an empty outbox plainly', async () => {
    mockApi({ 'GET /admin/notifications': { body: { messages: [], total: 0, page: 1, per_page: 10 } } });
    renderApp('/admin?tab=outbox', { user: makeUser({ role: 'super_admin', first_name: 'Sina' }) });
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });

  it('scrolls to the top on every route change, not when the app starts', async () => {
    mockApi();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    // A visitor may already have scrolled the page the server rendered.
    expect(scrollTo).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Fundraisers' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fundraisers' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/wholesale$/);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockRestore();
  });

  it('redirects an unknown path to /', async () => {
    mockApi();
    renderApp('/no-such-page');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
  });

  it('lands /ordering, where a password reset leads, on the menu', async () => {
    mockApi();
    renderApp('/ordering');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Menu' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/ordering$/);
  });

  it('renders the merchandise shop at /merchandise inside the common layout', async () => {
    mockApi({
      'GET /merchandise_items': { body: [] },
      'GET /merchandise_collections': { body: [{ id: 3, name: 'Island Essentials', description: 'Everyday tees.', active: true, current: true, position: 0 }] },
    });
    renderApp('/merchandise');
    expect(await screen.findByRole('heading', { level: 1, name: 'Merchandise' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Island Essentials', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('No merchandise items available in this collection')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    expect(document.title).toBe('Merchandise | Kusina');
  });

  it('opens the reservation modal at /reservations inside the common layout', async () => {
    mockApi({
      'GET /public/restaurant_schedule/1': { body: { restaurant_id: 1, time_zone: 'Pacific/Guam', operating_hours: [0, 1, 2, 3, 4, 5, 6].map((d) => ({ day_of_week: d, open_time: '11:00', close_time: '21:00', closed: false })), special_events: [] } },
      'GET /availability/simple_capacity': { body: { actual_capacity: 26, admin_max_party_size: 20, effective_max_party_size: 20 } },
      'GET /locations': { body: [{ id: 1, restaurant_id: 1, name: 'Tamuning', address: null, phone_number: null, is_default: true, is_active: true, active: true }] },
      'GET /availability': { body: { date: '2030-06-04', location_id: 1, slots: ['18:00'], slot_details: [{ time: '18:00', start_time: '2030-06-04T08:00:00.000Z', available_seats: 26 }], closed_reason: null, actual_capacity: 26, admin_max_party_size: 20, effective_max_party_size: 20, max_available_seats: 26, default_reservation_length: 60 } },
    });
    renderApp('/reservations');
    expect(await screen.findByRole('dialog', { name: 'Book Your Table' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '6:00 PM' })).toBeInTheDocument();
    expect(document.title).toBe('Reservations | Kusina');
  });

  it.each([['/wholesale/cart', 'Your Cart is Empty', 'Your Cart']])('renders %s inside the common layout', async (path, heading, title) => {
    mockApi();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    expect(document.title).toBe(`${title} | Kusina`);
  });
});
