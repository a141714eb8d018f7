import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { phoneRuleMessage } from '@kusina/domain/phone-rules';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { labelPattern, makeUser, renderApp } from '../../../test/render-app.tsx';

async function fillSignup(user: ReturnType<typeof renderApp>['user'], overrides: Partial<Record<string, string>> = {}) {
  const values = {
    'First name': 'Maria',
    'Last name': 'Cruz',
    Email: 'maria@example.com',
    Phone: '+16715550199',
    Password: 'HafaAdai!2026',
    'Confirm password': 'HafaAdai!2026',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(labelPattern(label));
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('Create Account', () => {
  it('prefills the phone with +1671 and labels every field', async () => {
    mockApi();
    renderApp('/signup');
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByLabelText(labelPattern('Phone'))).toHaveValue('+1671');
    for (const label of ['First name', 'Last name', 'Email', 'Password', 'Confirm password']) {
      expect(screen.getByLabelText(labelPattern(label))).toBeInTheDocument();
    }
    expect(document.title).toBe('Create Account | Kusina');
  });

  it('holds the phone to the spec rule with the spec message', async () => {
    const api = mockApi();
    const { user } = renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    await fillSignup(user, { Phone: '+1671555' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const phone = screen.getByLabelText(labelPattern('Phone'));
    expect(await screen.findByText(phoneRuleMessage())).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(expect.stringContaining(phoneRuleMessage()));
    expect(api.callsTo('POST', '/auth/signup')).toHaveLength(0);
  });

  it('says the passwords do not match', async () => {
    mockApi();
    const { user } = renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    await fillSignup(user, { 'Confirm password': 'Different!2026' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText(labelPattern('Confirm password'))).toHaveAccessibleDescription('Passwords do not match');
  });

  it('puts the server field error on the field (duplicate email)', async () => {
    mockApi({ 'POST /auth/signup': apiError(409, 'An account with this email already exists.', { email: 'An account with this email already exists.' }, 'CONFLICT') });
    const { user } = renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    await fillSignup(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const email = screen.getByLabelText(labelPattern('Email'));
    await waitFor(() => expect(email).toHaveAccessibleDescription('An account with this email already exists.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('signs the new customer in, says so, and goes to /verify-phone', async () => {
    const created = makeUser({ email: 'maria@example.com', phone: '+16715550199', phone_verified: false });
    const api = mockApi({ 'POST /auth/signup': { status: 201, body: { jwt: 'new-token', user: created } } });
    const { user } = renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create Account' });
    await fillSignup(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/verify-phone'));
    expect(await screen.findByRole('heading', { name: 'Verify Your Phone' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/signup')[0]?.body).toMatchObject({
      first_name: 'Maria',
      email: 'maria@example.com',
      phone: '+16715550199',
      password_confirmation: 'HafaAdai!2026',
      restaurant_id: 1,
    });
  });
});
