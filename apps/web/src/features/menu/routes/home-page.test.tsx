import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCartStore } from '../../../stores/cart-store.ts';
import { menuItem, menuResponse, option, optionGroup, renderRoute, stubApi } from '../../../test/storefront-fixtures.tsx';
import { HomePage } from './home-page.tsx';

const restaurant = (settings: Record<string, unknown>) => ({ id: 1, name: 'Kusina Tamuning', address: null, custom_pickup_location: null, vip_only_checkout: false, admin_settings: settings });

afterEach(() => {
  useCartStore.setState({ cartItems: [] });
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('HomePage', () => {
  it('shows the hero with Order Now and Book Your Table, Popular Items with View All, and prefetches the menu after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem('restaurantId', '1');
    const requests = stubApi({
      'GET /api/v1/restaurants/1': () => ({ body: restaurant({}) }),
      'GET /api/v1/admin/site_settings': () => ({ body: { hero_image_url: '/uploads/hero.jpg', spinner_image_url: null } }),
      'GET /api/v1/menu': (request) => ({
        body: menuResponse(request.url.searchParams.get('featured') ? [menuItem({ id: 1, name: 'Spam Musubi', featured: true })] : []),
      }),
    });
    renderRoute(<HomePage />);
    expect(await screen.findByRole('heading', { name: 'Kusina Tamuning', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order Now' })).toHaveAttribute('href', '/menu');
    expect(screen.getByRole('link', { name: 'Book Your Table' })).toHaveAttribute('href', '/reservations');
    expect(await screen.findByRole('heading', { name: 'Popular Items' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/menu');
    expect(screen.getByRole('article', { name: 'Spam Musubi' })).toBeInTheDocument();

    const fullMenu = () => requests.filter((request) => request.url.pathname === '/api/v1/menu' && !request.url.searchParams.has('featured'));
    expect(fullMenu()).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(fullMenu()).toHaveLength(1);
  });

  it("shows whether the kitchen is open now in the hero, from the server's ordering status", async () => {
    localStorage.setItem('restaurantId', '1');
    stubApi({
      'GET /api/v1/restaurants/1': () => ({ body: restaurant({}) }),
      'GET /api/v1/menu': () => ({ body: menuResponse([]) }),
      'GET /api/v1/restaurants/1/ordering_status': () => ({
        body: { restaurant_id: 1, open: false, closes_at: null, next_opens_at: '2026-03-05T01:00:00.000Z', hours_today: '11AM-9PM', state_text: 'Closed now · opens Thu 11:00 AM', time_zone: 'Pacific/Guam' },
      }),
    });
    renderRoute(<HomePage />);
    const line = await screen.findByTestId('home-open-state');
    await waitFor(() => expect(line).toHaveTextContent('Closed now · opens Thu 11:00 AM · Order now for a later pickup.'));
    expect(within(screen.getByRole('region', { name: 'Kusina Tamuning' })).getByTestId('home-open-state')).toBe(line);
  });

  it('hides Book Your Table when reservations are switched off and offers Discover Our Menu without featured items', async () => {
    localStorage.setItem('restaurantId', '1');
    stubApi({
      'GET /api/v1/restaurants/1': () => ({ body: restaurant({ reservations: { enable_reservations_button: false } }) }),
      'GET /api/v1/menu': () => ({ body: menuResponse([]) }),
    });
    renderRoute(<HomePage />);
    expect(await screen.findByRole('heading', { name: 'Discover Our Menu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Full Menu' })).toHaveAttribute('href', '/menu');
    await screen.findByRole('heading', { name: 'Kusina Tamuning' });
    expect(screen.queryByRole('link', { name: 'Book Your Table' })).not.toBeInTheDocument();
  });

  it('adds Popular Items to the cart, and opens the customisation dialog (loaded on demand) for items with options', async () => {
    const user = userEvent.setup({ delay: null });
    localStorage.setItem('restaurantId', '1');
    const bowl = menuItem({
      id: 5,
      name: 'Poke Bowl',
      featured: true,
      option_groups: [optionGroup({ id: 9, name: 'Fish', min_select: 1, options: [option({ id: 91, name: 'Ahi' })] })],
    });
    stubApi({
      'GET /api/v1/restaurants/1': () => ({ body: restaurant({}) }),
      'GET /api/v1/menu': () => ({ body: menuResponse([menuItem({ id: 1, name: 'Spam Musubi', featured: true }), bowl]) }),
    });
    renderRoute(<HomePage />);
    await user.click(await screen.findByRole('button', { name: 'Add Spam Musubi to Cart' }));
    // The cart rules load on first use, so the line arrives a moment after the click.
    await waitFor(() => expect(useCartStore.getState().cartItems).toMatchObject([{ id: 1, quantity: 1, price: 10 }]));

    const choose = screen.getByRole('button', { name: 'Choose Options for Poke Bowl' });
    await user.click(choose);
    const dialog = await screen.findByRole('dialog', { name: 'Poke Bowl' });
    expect(within(dialog).getByRole('group', { name: /Fish/ })).toBeInTheDocument();
    expect(choose).not.toHaveAttribute('aria-busy');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Choosing it again opens at once: the dialog's code is here now.
    await user.click(choose);
    expect(screen.getByRole('dialog', { name: 'Poke Bowl' })).toBeInTheDocument();
  });
});
