import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { labelPattern, makeUser, renderApp } from '../../../test/render-app.tsx';
import { useAuthStore } from '../../../stores/auth-store.ts';

const customer = makeUser();

describe('My Profile', () => {
  it('shows a skeleton while fetching, then the fields filled from GET /profile', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockApi({
      'GET /profile': async () => {
        await gate;
        return { body: { ...customer, first_name: 'Mariana' } };
      },
    });
    renderApp('/profile', { user: customer });
    expect(await screen.findByLabelText('Loading your profile')).toBeInTheDocument();
    release();
    expect(await screen.findByLabelText(labelPattern('First name'))).toHaveValue('Mariana');
    expect(screen.getByLabelText(labelPattern('Last name'))).toHaveValue('Cruz');
    expect(screen.getByLabelText(labelPattern('Phone'))).toHaveValue('+16715550103');
    expect(screen.getByLabelText(labelPattern('Email'))).toHaveValue('customer@kusina.test');
  });

  it('saves and shows a success banner', async () => {
    const api = mockApi({
      'GET /profile': { body: customer },
      'PATCH /profile': ({ body }) => ({ body: { ...customer, ...(body as { user: object }).user } }),
    });
    const { user } = renderApp('/profile', { user: customer });
    const first = await screen.findByLabelText(labelPattern('First name'));
    await user.clear(first);
    await user.type(first, 'Marisol');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/profile')[0]?.body).toEqual({
      user: { first_name: 'Marisol', last_name: 'Cruz', phone: '+16715550103', email: 'customer@kusina.test' },
    });
    expect(useAuthStore.getState().user?.first_name).toBe('Marisol');
  });

  it("shows 'Failed to update profile' with the server message in a red banner", async () => {
    mockApi({ 'GET /profile': { body: customer }, 'PATCH /profile': apiError(409, 'That email is already in use.', { email: 'That email is already in use.' }) });
    const { user } = renderApp('/profile', { user: customer });
    await screen.findByLabelText(labelPattern('First name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const banner = await screen.findByText('Failed to update profile');
    expect(banner.closest('[role="alert"]')).toHaveTextContent('That email is already in use.');
    expect(screen.getByLabelText(labelPattern('Email'))).toHaveAccessibleDescription('That email is already in use.');
  });

  it('offers /verify-phone when the saved phone is not verified', async () => {
    mockApi({
      'GET /profile': { body: customer },
      'PATCH /profile': ({ body }) => ({ body: { ...customer, ...(body as { user: object }).user, phone_verified: false } }),
    });
    const { user } = renderApp('/profile', { user: customer });
    const phone = await screen.findByLabelText(labelPattern('Phone'));
    await user.clear(phone);
    await user.type(phone, '+16715550999');
    await user.type(screen.getByLabelText(labelPattern('Current password')), 'my password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('link', { name: 'Verify your phone' })).toHaveAttribute('href', '/verify-phone');
  });

  it('asks for the current password when the e-mail changes, and sends it only then', async () => {
    const api = mockApi({
      'GET /profile': { body: customer },
      'PATCH /profile': ({ body }) => {
        const { current_password: _password, ...fields } = (body as { user: Record<string, string> }).user;
        return { body: { ...customer, ...fields } };
      },
    });
    const { user } = renderApp('/profile', { user: customer });
    const email = await screen.findByLabelText(labelPattern('Email'));
    expect(screen.queryByLabelText(labelPattern('Current password'))).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'maria.new@example.com');
    const password = screen.getByLabelText(labelPattern('Current password'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(/Enter your current password to change your e-mail or phone\./));
    expect(api.callsTo('PATCH', '/profile')).toHaveLength(0);

    await user.type(password, 'my password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/profile')[0]?.body).toEqual({
      user: { first_name: 'Maria', last_name: 'Cruz', phone: '+16715550103', email: 'maria.new@example.com', current_password: 'my password' },
    });
    // Saved: the new address is the one on file, so the password is not asked again.
    expect(screen.queryByLabelText(labelPattern('Current password'))).not.toBeInTheDocument();
  });

  it("shows the server's word on a wrong current password at the field", async () => {
    mockApi({
      'GET /profile': { body: customer },
      'PATCH /profile': apiError(422, 'Your current password is not correct.', { current_password: 'Your current password is not correct.' }),
    });
    const { user } = renderApp('/profile', { user: customer });
    const email = await screen.findByLabelText(labelPattern('Email'));
    await user.clear(email);
    await user.type(email, 'maria.new@example.com');
    await user.type(screen.getByLabelText(labelPattern('Current password')), 'a guess');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText(labelPattern('Current password'))).toHaveAccessibleDescription(/Your current password is not correct\./));
  });

  it('checks the phone rule before saving', async () => {
    const api = mockApi({ 'GET /profile': { body: customer } });
    const { user } = renderApp('/profile', { user: customer });
    const phone = await screen.findByLabelText(labelPattern('Phone'));
    await user.clear(phone);
    await user.type(phone, '555-1234');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(api.callsTo('PATCH', '/profile')).toHaveLength(0);
  });

  it('ends the session and goes to sign-in when the API answers 401', async () => {
    mockApi({ 'GET /profile': apiError(401, 'Session expired', undefined, 'UNAUTHORIZED') });
    renderApp('/profile', { user: customer });
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(useAuthStore.getState().user).toBeNull();
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
  });
});
