import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TeamMessages } from '@kusina/domain/team-rules';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';

describe('Join the Team (/accept-invite)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says so when the link cannot be used', async () => {
    mockApi({ 'POST /invites/preview': () => apiError(422, TeamMessages.inviteInvalid) });
    renderApp('/accept-invite?token=old&email=tasi%40example.com');
    expect(await screen.findByText(TeamMessages.inviteInvalid)).toBeInTheDocument();
    cleanup();
    renderApp('/accept-invite');
    expect(await screen.findByText(TeamMessages.inviteInvalid)).toBeInTheDocument();
  });

  it('names the restaurant and role, checks the form, and signs the new member in to /admin', async () => {
    const staff = makeUser({ id: 40, email: 'tasi@example.com', first_name: 'Tasi', last_name: 'Perez', name: 'Tasi Perez', role: 'staff', phone: null, phone_verified: false });
    const api = mockApi({
      'POST /invites/preview': { body: { email: 'tasi@example.com', role: 'staff', restaurant_name: 'Kusina', expires_at: '2026-12-01T00:00:00.000Z' } },
      'POST /invites/accept': { body: { jwt: 'token', user: staff } },
      'GET /admin/orders': { body: { orders: [], total: 0, page: 1, per_page: 20 } },
    });
    const { user } = renderApp('/accept-invite?token=abc&email=tasi%40example.com');
    expect(await screen.findByRole('heading', { name: 'Join the Team' })).toBeInTheDocument();
    expect(screen.getByText(/You are invited to Kusina as/)).toHaveTextContent('You are invited to Kusina as staff. Choose your password for tasi@example.com.');

    await user.type(screen.getByLabelText('First name'), 'Tasi');
    await user.type(screen.getByLabelText('Last name'), 'Perez');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Sunset-Beach-9');
    await user.type(screen.getByLabelText('Confirm password'), 'Sunset-Beach-8');
    await user.click(screen.getByRole('button', { name: 'Join and sign in' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/invites/accept')).toBe(false);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Sunset-Beach-9');
    await user.click(screen.getByRole('button', { name: 'Join and sign in' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/admin$/);
    expect(api.calls.find((c) => c.path === '/invites/accept')?.body).toEqual({
      token: 'abc',
      email: 'tasi@example.com',
      first_name: 'Tasi',
      last_name: 'Perez',
      password: 'Sunset-Beach-9',
      password_confirmation: 'Sunset-Beach-9',
    });
    expect(useAuthStore.getState().user).toMatchObject({ role: 'staff', email: 'tasi@example.com' });
    // Signed in: the header's account menu (a lazy chunk) has loaded before the test ends.
    expect(await screen.findByRole('button', { name: 'Account menu for Tasi' })).toBeInTheDocument();
  });
});
