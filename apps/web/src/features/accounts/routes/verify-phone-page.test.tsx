import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { labelPattern, makeUser, renderApp } from '../../../test/render-app.tsx';
import { useAuthStore } from '../../../stores/auth-store.ts';

const unverified = makeUser({ phone: '+16715550103', phone_verified: false });

describe('Verify Your Phone', () => {
  it('sends a signed-out visitor to /login', async () => {
    mockApi();
    renderApp('/verify-phone');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('sends a user whose phone is already verified to /', async () => {
    mockApi();
    renderApp('/verify-phone', { user: makeUser({ phone_verified: true }) });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('shows where the code went and a numeric one-time-code field', async () => {
    mockApi();
    renderApp('/verify-phone', { user: unverified });
    expect(await screen.findByRole('heading', { name: 'Verify Your Phone' })).toBeInTheDocument();
    expect(screen.getByText('+1 (671) 555-0103')).toBeInTheDocument();
    const code = screen.getByLabelText(labelPattern('Verification code'));
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('ignores an empty code', async () => {
    const api = mockApi();
    const { user } = renderApp('/verify-phone', { user: unverified });
    await screen.findByRole('heading', { name: 'Verify Your Phone' });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(api.callsTo('POST', '/auth/verify_phone')).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'Invalid code or verification expired.' when the server refuses the code", async () => {
    mockApi({ 'POST /auth/verify_phone': apiError(422, 'Invalid code or verification expired.') });
    const { user } = renderApp('/verify-phone', { user: unverified });
    await screen.findByRole('heading', { name: 'Verify Your Phone' });
    await user.type(screen.getByLabelText(labelPattern('Verification code')), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code or verification expired.');
  });

  it('verifies, updates the user and goes home', async () => {
    const api = mockApi({ 'POST /auth/verify_phone': { body: { message: 'Phone verified successfully.', user: { ...unverified, phone_verified: true } } } });
    const { user } = renderApp('/verify-phone', { user: unverified });
    await screen.findByRole('heading', { name: 'Verify Your Phone' });
    await user.type(screen.getByLabelText(labelPattern('Verification code')), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Phone verified successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(useAuthStore.getState().user?.phone_verified).toBe(true);
    expect(api.callsTo('POST', '/auth/verify_phone')[0]?.body).toEqual({ code: '654321' });
  });

  it('turns the server cooldown message into the spec words', async () => {
    mockApi({ 'POST /auth/resend_code': apiError(429, 'Please wait before requesting another code (42 s).') });
    const { user } = renderApp('/verify-phone', { user: unverified });
    await screen.findByRole('heading', { name: 'Verify Your Phone' });
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You must wait 1 minute before requesting another code again.');
  });

  it('confirms a resent code and holds the button for a minute', async () => {
    mockApi({ 'POST /auth/resend_code': { body: { message: 'A new code has been sent.' } } });
    const { user } = renderApp('/verify-phone', { user: unverified });
    await screen.findByRole('heading', { name: 'Verify Your Phone' });
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('A new code has been sent.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled();
    expect(screen.getByText(/You can request another code in \d+ s\./)).toBeInTheDocument();
  });
});
