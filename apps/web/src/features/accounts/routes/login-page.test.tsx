import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { labelPattern, makeUser, renderApp } from '../../../test/render-app.tsx';
import { useAuthStore } from '../../../stores/auth-store.ts';

describe('Sign In', () => {
  it('shows Welcome Back with the links the spec lists', async () => {
    mockApi();
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getAllByRole('link', { name: 'Sign Up' }).some((link) => link.getAttribute('href') === '/signup')).toBe(true);
  });

  it('requires email and password before calling the API', async () => {
    const api = mockApi();
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/auth/login')).toHaveLength(0);
  });

  it('shows the spec message on a 401', async () => {
    mockApi({ 'POST /auth/login': apiError(401, 'Unauthorized', undefined, 'UNAUTHORIZED') });
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await user.type(screen.getByLabelText(labelPattern('Email')), 'maria@example.com');
    await user.type(screen.getByLabelText(labelPattern('Password')), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password. Please try again.');
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('shows other server messages as they come', async () => {
    mockApi({ 'POST /auth/login': apiError(429, 'Too many sign-in attempts. Try again in a minute.') });
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await user.type(screen.getByLabelText(labelPattern('Email')), 'maria@example.com');
    await user.type(screen.getByLabelText(labelPattern('Password')), 'whatever1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts. Try again in a minute.');
  });

  it('signs in, says Welcome back! and returns to the page that sent the visitor here', async () => {
    const customer = makeUser();
    const api = mockApi({ 'POST /auth/login': { body: { user: customer } }, 'GET /profile': { body: customer } });
    const { user } = renderApp('/profile');
    // /profile is signed-in only: the guard sends the visitor to sign in first.
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    await user.type(screen.getByLabelText(labelPattern('Email')), 'Customer@Kusina.test');
    await user.type(screen.getByLabelText(labelPattern('Password')), 'HafaAdai!2026');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
    expect(api.callsTo('POST', '/auth/login')[0]?.body).toEqual({ email: 'customer@kusina.test', password: 'HafaAdai!2026' });
    // Signed in by the httpOnly cookie the browser holds: the page neither sends nor keeps the token.
    await waitFor(() => expect(api.callsTo('GET', '/profile')).not.toHaveLength(0));
    expect(api.callsTo('GET', '/profile')[0]?.headers.get('Authorization')).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain('jwt-1');
  });

  it('goes to / after a plain sign-in', async () => {
    mockApi({ 'POST /auth/login': { body: { user: makeUser() } } });
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await user.type(screen.getByLabelText(labelPattern('Email')), 'customer@kusina.test');
    await user.type(screen.getByLabelText(labelPattern('Password')), 'HafaAdai!2026');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
