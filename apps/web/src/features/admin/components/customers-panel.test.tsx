import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';

const admin = makeUser({ id: 2, role: 'admin', first_name: 'Leilani', last_name: 'Admin', name: 'Leilani Admin' });

const customer = (key: string, name: string, extra: Record<string, unknown> = {}) => ({
  key,
  name,
  email: key.includes('@') ? key : null,
  phone: '+16715550123',
  orders: 2,
  fundraiser_orders: 1,
  reservations: 1,
  spent_cents: 42_00,
  last_seen_at: '2030-06-03T02:00:00.000Z',
  has_account: false,
  ...extra,
});

describe('Customers', () => {
  it('lists customers, searches by what was typed, pages, and opens one’s records; focus returns to the button', async () => {
    const api = mockApi({
      'GET /admin/customers': (call) => {
        const q = call.query.get('q');
        const page = Number(call.query.get('page'));
        if (q === 'ana') return { body: { customers: [customer('ana@example.com', 'Ana Cruz', { has_account: true })], page: 1, per_page: 25, total: 1 } };
        if (q === 'nobody') return { body: { customers: [], page: 1, per_page: 25, total: 0 } };
        return { body: { customers: [customer(page === 2 ? 'zed@example.com' : 'ben@example.com', page === 2 ? 'Zed Quinata' : 'Ben Santos')], page, per_page: 25, total: 26 } };
      },
      'GET /admin/customers/detail': {
        body: {
          ...customer('ana@example.com', 'Ana Cruz'),
          order_list: [{ id: 7, order_number: 'K-10007', status: 'completed', total_cents: 20_00, refunded_cents: 5_00, created_at: '2030-06-01T02:00:00.000Z', is_staff_order: false }],
          fundraiser_order_list: [{ id: 3, order_number: 'W-20003', fundraiser: 'Eagles Drive', participant: 'Ben Jr.', status: 'confirmed', total_cents: 15_00, refunded_cents: 0, created_at: '2030-06-02T02:00:00.000Z' }],
          reservation_list: [{ id: 4, reservation_number: 'R-000004', start_time: '2030-06-05T08:00:00.000Z', party_size: 2, status: 'no_show', source: 'public' }],
          guest_profile: { notes: 'Allergic to shrimp', tags: ['regular'], visits: 3, no_shows: 1, cancellations: 0 },
        },
      },
    });
    const { user } = renderApp('/admin?tab=customers', { user: admin });
    const table = await screen.findByRole('table', { name: 'Customers, page 1 of 2' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Ben Santos');
    expect(screen.getByText('26 customers · page 1 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('table', { name: 'Customers, page 2 of 2' })).toHaveTextContent('Zed Quinata');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.type(screen.getByLabelText('Name, e-mail or phone'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No customers match “nobody”.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Name, e-mail or phone'));
    await user.type(screen.getByLabelText('Name, e-mail or phone'), ' ana {Enter}');
    const found = await screen.findByRole('table', { name: 'Customers, page 1 of 1' });
    expect(api.callsTo('GET', '/admin/customers').at(-1)!.query.get('page')).toBe('1');
    expect(within(found).getAllByRole('row')[1]).toHaveTextContent('Ana CruzHas an accountana@example.com+16715550123211$42.00');

    const opener = screen.getByRole('button', { name: 'Records of Ana Cruz' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Ana Cruz' });
    expect(await within(dialog).findByText('K-10007')).toBeInTheDocument();
    expect(within(dialog).getByText('$20.00 ($5.00 refunded)')).toBeInTheDocument();
    expect(within(dialog).getByText('Eagles Drive · for Ben Jr.')).toBeInTheDocument();
    expect(within(dialog).getByText('no show')).toBeInTheDocument();
    expect(within(dialog).getByText('Notes: Allergic to shrimp')).toBeInTheDocument();
    expect(within(dialog).getByText('3 visits · 1 no-show · 0 cancellations')).toBeInTheDocument();
    expect(api.callsTo('GET', '/admin/customers/detail').at(-1)!.query.get('key')).toBe('ana@example.com');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('a failed load says why and Try again loads', async () => {
    let fail = true;
    mockApi({ 'GET /admin/customers': () => (fail ? apiError(409, 'The list is being rebuilt.') : { body: { customers: [], page: 1, per_page: 25, total: 0 } }) });
    const { user } = renderApp('/admin?tab=customers', { user: admin });
    expect(await screen.findByText(/Could not load the customers\./)).toHaveTextContent('The list is being rebuilt.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No customers yet.')).toBeInTheDocument();
  });
});
