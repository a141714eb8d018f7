import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockApi } from '../../../test/api-mock.ts';
import { labelPattern, renderApp } from '../../../test/render-app.tsx';

describe('Forgot Password', () => {
  it('shows the server message on success', async () => {
    const api = mockApi({ 'POST /password/forgot': { body: { message: 'If that email is registered, a reset link is on its way.' } } });
    const { user } = renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot Password' });
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    await user.type(screen.getByLabelText(labelPattern('Email')), 'maria@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('If that email is registered, a reset link is on its way.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/password/forgot')[0]?.body).toEqual({ email: 'maria@example.com' });
  });

  it('falls back to the spec words without a server message', async () => {
    mockApi({ 'POST /password/forgot': json(200, {}) });
    const { user } = renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot Password' });
    await user.type(screen.getByLabelText(labelPattern('Email')), 'maria@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Check your email for a reset link.')).toBeInTheDocument();
  });

  it("shows 'Something went wrong.' when the server fails without a message", async () => {
    mockApi({ 'POST /password/forgot': json(500, null) });
    const { user } = renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot Password' });
    await user.type(screen.getByLabelText(labelPattern('Email')), 'maria@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
  });

  it('shows the server message on a failure that has one', async () => {
    mockApi({ 'POST /password/forgot': apiError(429, 'Too many requests. Please wait a minute.') });
    const { user } = renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot Password' });
    await user.type(screen.getByLabelText(labelPattern('Email')), 'maria@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait a minute.');
  });
});
