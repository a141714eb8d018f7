import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderHistoryEntry } from '@kusina/domain/orders';
import { renderRoute, stubApi, type RecordedRequest } from '../../../test/storefront-fixtures.tsx';
import { OrderHistoryPage } from './order-history-page.tsx';

function entry(id: number, status: OrderHistoryEntry['status'], total: number): OrderHistoryEntry {
  return {
    id,
    order_number: `K-${String(id).padStart(4, '0')}`,
    createdAt: '2026-03-05T08:30:00Z',
    status,
    items: [{ name: 'Spam Musubi', price: 4.5, quantity: 2, customizations: {}, notes: null }],
    merchandise_items: [],
    total,
    estimatedPickupTime: '2026-03-05T08:55:00Z',
    specialInstructions: null,
  };
}

function listFor(request: RecordedRequest, totalCount: number) {
  const page = Number(request.url.searchParams.get('page') ?? 1);
  const orders = Array.from({ length: Math.min(5, Math.max(0, totalCount - (page - 1) * 5)) }, (_, index) => entry((page - 1) * 5 + index + 1, 'pending', 10 + index));
  return { body: { orders, total_count: totalCount, page, per_page: 5, total_pages: Math.ceil(totalCount / 5) } };
}

afterEach(() => vi.unstubAllGlobals());

describe('OrderHistoryPage', () => {
  it('asks for the chosen sort, status and page, five at a time', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = stubApi({ 'GET /api/v1/orders': (request) => listFor(request, 7) });
    renderRoute(<OrderHistoryPage />, { path: '/orders' });

    expect(await screen.findByRole('heading', { name: 'Order K-0001' })).toBeInTheDocument();
    expect(requests[0]!.url.searchParams.get('sort')).toBe('newest');
    expect(requests[0]!.url.searchParams.get('per_page')).toBe('5');
    expect(requests[0]!.url.searchParams.get('page')).toBe('1');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'View order K-0001' })).toHaveAttribute('href', '/order-confirmation/1');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Order K-0006' })).toBeInTheDocument();
    expect(requests.at(-1)!.url.searchParams.get('page')).toBe('2');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Highest total');
    await waitFor(() => expect(requests.at(-1)!.url.searchParams.get('sort')).toBe('highest'));
    expect(requests.at(-1)!.url.searchParams.get('page')).toBe('1');

    await user.selectOptions(screen.getByLabelText('Status'), 'Ready');
    await waitFor(() => expect(requests.at(-1)!.url.searchParams.get('status')).toBe('ready'));
    expect(requests.at(-1)!.url.searchParams.get('sort')).toBe('highest');
  });

  it('shows a colour-coded status badge per order; unknown statuses look like pending', async () => {
    stubApi({
      'GET /api/v1/orders': () => ({
        body: { orders: [entry(1, 'confirmed', 10), entry(2, 'ready', 12), { ...entry(3, 'pending', 9), status: 'mystery' as OrderHistoryEntry['status'] }], total_count: 3, page: 1, per_page: 5, total_pages: 1 },
      }),
    });
    renderRoute(<OrderHistoryPage />, { path: '/orders' });
    await screen.findByRole('heading', { name: 'Order K-0001' });
    const list = within(screen.getByRole('list'));
    const confirmed = list.getByText('Confirmed');
    const ready = list.getByText('Ready');
    const mystery = list.getByText('Mystery');
    expect(confirmed.className).toContain('info');
    expect(ready.className).toContain('success');
    expect(mystery.className).toContain('warning');
    expect(screen.getAllByText('2 × Spam Musubi')).toHaveLength(3);
    expect(screen.getByText('$12.00')).toBeInTheDocument();
  });

  it('says No orders yet with a link to the menu when there are none', async () => {
    stubApi({ 'GET /api/v1/orders': (request) => listFor(request, 0) });
    renderRoute(<OrderHistoryPage />, { path: '/orders' });
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the Menu' })).toHaveAttribute('href', '/menu');
  });

  it('says No orders match your current filters and clears them', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = stubApi({ 'GET /api/v1/orders': (request) => listFor(request, request.url.searchParams.get('status') ? 0 : 2) });
    renderRoute(<OrderHistoryPage />, { path: '/orders?status=cancelled' });
    expect(await screen.findByText('No orders match your current filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('heading', { name: 'Order K-0001' })).toBeInTheDocument();
    expect(requests.at(-1)!.url.searchParams.get('status')).toBeNull();
  });

  it('lists merchandise with its size and colour beside the food', async () => {
    const withShirts = { ...entry(8, 'pending', 59), merchandise_items: [{ name: 'Kusina Logo Tee', price: 25, quantity: 2, size: 'M', color: 'Black', notes: null }] };
    stubApi({ 'GET /api/v1/orders': () => ({ body: { orders: [withShirts], total_count: 1, page: 1, per_page: 5, total_pages: 1 } }) });
    renderRoute(<OrderHistoryPage />, { path: '/orders' });
    expect(await screen.findByText('2 × Spam Musubi, 2 × Kusina Logo Tee (M / Black)')).toBeInTheDocument();
  });
});
