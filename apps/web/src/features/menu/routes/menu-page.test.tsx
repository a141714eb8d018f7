import { act, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCartStore } from '../../../stores/cart-store.ts';
import { menuItem, menuResponse, option, optionGroup, renderRoute, stubApi } from '../../../test/storefront-fixtures.tsx';
import { MenuPage } from './menu-page.tsx';

const items = [
  menuItem({ id: 1, name: 'Spam Musubi', description: 'Grilled spam on rice wrapped in nori, glazed with our house teriyaki sauce.', featured: true, vegetarian: false, spicy: true }),
  menuItem({ id: 2, name: 'Coconut Latte', category_id: 2, seasonal: true, promo_label: 'New', status_note: 'Made with local coconut', dairy_free: true }),
  menuItem({ id: 3, name: 'Lechon Plate', advance_notice_hours: 24, enable_stock_tracking: true, available_quantity: 2, stock_quantity: 2, stock_status: 'low_stock' }),
  menuItem({ id: 4, name: 'Ube Cake', enable_stock_tracking: true, available_quantity: 0, stock_status: 'out_of_stock', is_available: false }),
  menuItem({ id: 5, name: 'Poke Bowl', option_groups: [optionGroup({ id: 9, name: 'Fish', min_select: 1, options: [option({ id: 91, name: 'Ahi' })] })] }),
];

afterEach(() => {
  useCartStore.setState({ cartItems: [] });
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('MenuPage', () => {
  it('shows cards with price, badges, notes and stock hints; out-of-stock items cannot be added', async () => {
    stubApi({ 'GET /api/v1/menu': () => ({ body: menuResponse(items) }) });
    renderRoute(<MenuPage />);
    const latte = (await screen.findByRole('article', { name: 'Coconut Latte' }));
    expect(within(latte).getByText('New')).toBeInTheDocument();
    expect(within(latte).getByText('Made with local coconut')).toBeInTheDocument();
    expect(within(latte).getByText('Dairy free')).toBeInTheDocument();
    expect(within(latte).getByText('$10.00')).toBeInTheDocument();
    const lechon = screen.getByRole('article', { name: 'Lechon Plate' });
    expect(within(lechon).getByText('Only 2 left')).toBeInTheDocument();
    expect(within(lechon).getByText('Requires 24 hours notice')).toBeInTheDocument();
    const cake = screen.getByRole('article', { name: 'Ube Cake' });
    expect(within(cake).getByText('Sorry, this item is out of stock.')).toBeInTheDocument();
    expect(within(cake).getByRole('button', { name: /Unavailable/ })).toBeDisabled();
  });

  it('loads the first 6 images at once, only the first with high priority; the rest wait to be scrolled near (§9)', async () => {
    const many = Array.from({ length: 8 }, (_, i) => menuItem({ id: 100 + i, name: `Plate ${i + 1}`, image: `/images/menu/plate-${i + 1}.svg` }));
    stubApi({ 'GET /api/v1/menu': () => ({ body: menuResponse(many) }) });
    const { container } = renderRoute(<MenuPage />);
    await screen.findByRole('article', { name: 'Plate 8' });
    const images = Array.from(container.querySelectorAll('img'));
    expect(images.map((img) => img.getAttribute('src'))).toEqual(many.slice(0, 6).map((item) => item.image));
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(Array(6).fill('eager'));
    expect(images.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', 'auto', 'auto', 'auto', 'auto', 'auto']);
  });

  it("says whether the restaurant is open now, from the server's ordering status", async () => {
    stubApi({
      'GET /api/v1/menu': () => ({ body: menuResponse(items) }),
      'GET /api/v1/restaurants/1/ordering_status': () => ({
        body: { restaurant_id: 1, open: false, closes_at: null, next_opens_at: '2026-03-05T01:00:00.000Z', hours_today: '11AM-9PM', state_text: 'Closed now · opens Thu 11:00 AM', time_zone: 'Pacific/Guam' },
      }),
    });
    renderRoute(<MenuPage />);
    expect(await screen.findByText('Closed now · opens Thu 11:00 AM')).toBeInTheDocument();
    expect(screen.getByTestId('menu-open-state')).toHaveTextContent('Order now for a later pickup.');
  });

  it('adds simple items at once and opens the dialog for items with options', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({ 'GET /api/v1/menu': () => ({ body: menuResponse(items) }) });
    renderRoute(<MenuPage />);
    await user.click(await screen.findByRole('button', { name: 'Add Spam Musubi to Cart' }));
    // The cart rules load on first use, so the line arrives a moment after the click.
    await waitFor(() => expect(useCartStore.getState().cartItems).toMatchObject([{ id: 1, quantity: 1, price: 10 }]));
    await user.click(screen.getByRole('button', { name: 'Choose Options for Poke Bowl' }));
    expect(await screen.findByRole('dialog', { name: 'Poke Bowl' })).toBeInTheDocument();
  });

  it('filters by category, Featured/Seasonal (one at a time) and search, and cuts list descriptions to 60 characters', async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({ 'GET /api/v1/menu': () => ({ body: menuResponse(items) }) });
    renderRoute(<MenuPage />);
    await screen.findByRole('article', { name: 'Spam Musubi' });

    // Under All: a heading per category, each followed by its dishes; a chip jumps to its section.
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Menu items', 'Plates', 'Drinks']);
    expect(within(screen.getByRole('region', { name: 'Drinks' })).getAllByRole('article')).toHaveLength(1);
    expect(screen.getByText('Island plate lunches')).toBeInTheDocument();
    const bar = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(bar).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'true');
    await user.click(within(bar).getByRole('link', { name: 'Drinks' }));
    expect(within(bar).getByRole('link', { name: 'Drinks' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Drinks' })).toHaveFocus();
    expect(screen.getAllByRole('article')).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: 'Featured' }));
    expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-labelledby'))).toEqual(['menu-item-1-name']);
    await user.click(screen.getByRole('button', { name: 'Seasonal' }));
    expect(screen.getByRole('button', { name: 'Featured' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('article', { name: 'Coconut Latte' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Seasonal' }));

    await user.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByText('Grilled spam on rice wrapped in nori, glazed with our house…')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search menu' }), 'zzz');
    expect(screen.getByText('Searching…')).toBeInTheDocument();
    expect(await screen.findByText('No menu items found', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
  });

  it('waits 150 ms before showing loading skeletons', async () => {
    vi.useFakeTimers();
    stubApi({ 'GET /api/v1/menu': () => new Promise(() => undefined) });
    renderRoute(<MenuPage />);
    expect(screen.queryByRole('status', { name: 'Loading menu' })).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(160);
    });
    expect(screen.getByRole('status', { name: 'Loading menu' })).toBeInTheDocument();
  });
});
