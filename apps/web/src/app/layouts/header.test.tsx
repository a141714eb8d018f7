import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, restaurantFixture } from '../../test/api-mock.ts';
import { makeUser, renderApp } from '../../test/render-app.tsx';
import { useAuthStore } from '../../stores/auth-store.ts';
import { useCartStore } from '../../stores/cart-store.ts';

async function openUserMenu(user: ReturnType<typeof renderApp>['user'], firstName: string) {
  await user.click(await screen.findByRole('button', { name: `Account menu for ${firstName}` }));
  return screen.findByRole('menu');
}

async function openMobileMenu(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Open menu' }));
  return screen.findByRole('dialog', { name: 'Menu' });
}

describe('Header', () => {
  it('shows the hours, the first segment of the address and a phone link', async () => {
    mockApi();
    renderApp('/');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('11AM-9PM')).toBeInTheDocument();
    // headerAddress(): the first comma-separated segment, 'Tamuning' until the record says otherwise.
    expect(within(banner).getByText('Tamuning')).toBeInTheDocument();
    expect(await within(banner).findByText('1000 Marine Corps Dr')).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Call +1 (671) 646-4461' })).toHaveAttribute('href', 'tel:+16716464461');
    expect(within(banner).getByRole('link', { name: 'Menu' })).toHaveAttribute('href', '/menu');
    expect(within(banner).getByRole('link', { name: 'Fundraisers' })).toHaveAttribute('href', '/wholesale');
  });

  it("shows the server's hours text from the operating hours (issue #23)", async () => {
    mockApi({ 'GET /restaurants/1': { body: { ...restaurantFixture, hours_text: 'Closed today' } } });
    renderApp('/');
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByText('Closed today')).toBeInTheDocument();
    expect(within(banner).queryByText('11AM-9PM')).toBeNull();
  });

  it('offers Sign In and Sign Up to signed-out visitors', () => {
    mockApi();
    renderApp('/');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(banner).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  });

  it.each([
    ['super_admin', 'Admin Tools'],
    ['admin', 'Admin Tools'],
    ['staff', 'Staff Tools / Order Management'],
  ] as const)('lists the %s entries in the user dropdown', async (role, toolsLabel) => {
    mockApi();
    const { user } = renderApp('/', { user: makeUser({ role, first_name: 'Ana' }) });
    const menu = await openUserMenu(user, 'Ana');
    const items = within(menu).getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual([toolsLabel, 'Order History', 'My Profile', 'Sign Out']);
  });

  it('gives customers no admin entry', async () => {
    mockApi();
    const { user } = renderApp('/', { user: makeUser() });
    const menu = await openUserMenu(user, 'Maria');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Order History', 'My Profile', 'Sign Out']);
  });

  it('signs out through /auth/logout and clears the session', async () => {
    const api = mockApi({ 'POST /auth/logout': { status: 204 } });
    const { user } = renderApp('/', { user: makeUser() });
    const menu = await openUserMenu(user, 'Maria');
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() => expect(useAuthStore.getState().user).toBeNull());
    // The session is the httpOnly cookie the browser sends; the page has no token to attach.
    expect(api.callsTo('POST', '/auth/logout')[0]?.headers.get('Authorization')).toBeNull();
    expect(await screen.findByText('You have been signed out.')).toBeInTheDocument();
  });

  it('shows the cart quantity and bounces the badge when it rises', async () => {
    mockApi();
    renderApp('/', {
      cartItems: [
        { id: 1, name: 'Chicken Kelaguen', price: 12, quantity: 2 },
        { id: 2, name: 'Spam Musubi', price: 4, quantity: 1 },
      ],
    });
    const cart = screen.getByRole('link', { name: 'Cart, 3 items' });
    expect(cart).toHaveAttribute('href', '/cart');
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('3');
    expect(screen.getByTestId('cart-badge')).not.toHaveAttribute('data-bounce');
    act(() => useCartStore.setState({ cartItems: [...useCartStore.getState().cartItems, { id: 3, name: 'Red Rice', price: 3, quantity: 1 }] }));
    expect(screen.getByRole('link', { name: 'Cart, 4 items' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-badge')).toHaveAttribute('data-bounce', 'true');
  });

  it('shows the wholesale cart with a W marker on /wholesale paths', () => {
    mockApi();
    renderApp('/wholesale', { cartItems: [{ id: 1, name: 'Chicken Kelaguen', price: 12, quantity: 2 }] });
    const cart = screen.getByRole('link', { name: 'Fundraiser cart, 0 items' });
    expect(cart).toHaveAttribute('href', '/wholesale/cart');
    expect(within(cart).getByText('W')).toBeInTheDocument();
  });

  it('adds Manage Reservations to the mobile menu for admins', async () => {
    mockApi();
    const { user } = renderApp('/', { user: makeUser({ role: 'admin', first_name: 'Ana' }) });
    const dialog = await openMobileMenu(user);
    expect(within(dialog).getByRole('link', { name: 'Manage Reservations' })).toHaveAttribute('href', '/reservations/dashboard');
    expect(within(dialog).getByRole('link', { name: 'Admin Tools' })).toHaveAttribute('href', '/admin');
    expect(within(dialog).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('keeps Manage Reservations away from staff and customers in the mobile menu', async () => {
    mockApi();
    const { user, unmount } = renderApp('/', { user: makeUser({ role: 'staff', first_name: 'Kekoa' }) });
    let dialog = await openMobileMenu(user);
    expect(within(dialog).getByRole('link', { name: 'Staff Tools / Order Management' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Manage Reservations' })).not.toBeInTheDocument();
    unmount();

    const second = renderApp('/', { user: makeUser() });
    dialog = await openMobileMenu(second.user);
    expect(within(dialog).queryByRole('link', { name: 'Manage Reservations' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'My Profile' })).toBeInTheDocument();
  });

  it('closes the mobile menu with Escape and returns focus to its button', async () => {
    mockApi();
    const { user } = renderApp('/');
    await openMobileMenu(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });
});
