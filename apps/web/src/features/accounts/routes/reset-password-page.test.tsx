import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { labelPattern, makeUser, renderApp } from '../../../test/render-app.tsx';
import { useAuthStore } from '../../../stores/auth-store.ts';

const LINK = '/reset-password?token=abc123&email=maria%40example.com';

describe('Reset Your Password', () => {
  it('sends a link without token or email to /forgot-password with the spec toast', async () => {
    mockApi();
    renderApp('/reset-password?email=maria%40example.com');
    expect(await screen.findByText('Invalid password reset link. Please request a new one.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password');
  });

  it("says 'Passwords do not match.' on a mismatch", async () => {
    const api = mockApi();
    const { user } = renderApp(LINK);
    await screen.findByRole('heading', { name: 'Reset Your Password' });
    await user.type(screen.getByLabelText(labelPattern('New password')), 'NewSecret!2026');
    await user.type(screen.getByLabelText(labelPattern('Confirm new password')), 'NewSecret!2027');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/password/reset')).toHaveLength(0);
  });

  it('shows the server message for a bad or expired token', async () => {
    mockApi({ 'PATCH /password/reset': apiError(422, 'This reset link has expired. Please request a new one.') });
    const { user } = renderApp(LINK);
    await screen.findByRole('heading', { name: 'Reset Your Password' });
    await user.type(screen.getByLabelText(labelPattern('New password')), 'NewSecret!2026');
    await user.type(screen.getByLabelText(labelPattern('Confirm new password')), 'NewSecret!2026');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link has expired. Please request a new one.');
  });

  it('signs the user in with the returned session and moves on to /ordering after 1.5 s', async () => {
    const customer = makeUser();
    const api = mockApi({ 'PATCH /password/reset': { body: { user: customer } } });
    const { user } = renderApp(LINK);
    await screen.findByRole('heading', { name: 'Reset Your Password' });
    await user.type(screen.getByLabelText(labelPattern('New password')), 'NewSecret!2026');
    await user.type(screen.getByLabelText(labelPattern('Confirm new password')), 'NewSecret!2026');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findAllByText('Your password has been reset and you are signed in.')).length).toBeGreaterThan(0);
    expect(useAuthStore.getState().user).toEqual(customer);
    expect(screen.getByTestId('location')).toHaveTextContent('/reset-password');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/ordering'), { timeout: 4000 });
    expect(api.callsTo('PATCH', '/password/reset')[0]?.body).toEqual({
      email: 'maria@example.com',
      token: 'abc123',
      new_password: 'NewSecret!2026',
      new_password_confirmation: 'NewSecret!2026',
    });
  });
});
