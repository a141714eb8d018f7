import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';

const admin = makeUser({ id: 2, role: 'admin', first_name: 'Leilani', last_name: 'Admin', name: 'Leilani Admin' });

const sales = (from: string, to: string, rows: { key: string; net: number; orders: number }[]) => ({
  from,
  to,
  group: 'day',
  totals: {
    gross_cents: rows.reduce((s, r) => s + r.net, 0),
    discount_cents: 0,
    refund_cents: 0,
    net_cents: rows.reduce((s, r) => s + r.net, 0),
    orders: rows.reduce((s, r) => s + r.orders, 0),
    average_ticket_cents: 0,
  },
  rows: rows.map((r) => ({ key: r.key, gross_cents: r.net, discount_cents: 0, refund_cents: 0, net_cents: r.net, orders: r.orders })),
});

/** A breakdown report (item mix, channels, …) with the rows given; the server's shape. */
const breakdown = (name: string, group: string, rows: { key: string; label: string; parent?: string | null; values: (number | null)[] }[], extra: Record<string, unknown> = {}) => ({
  report: name,
  from: '2030-05-29',
  to: '2030-06-04',
  group,
  title: `${name} report`,
  note: `How ${name} is counted.`,
  row_label: 'Thing',
  parent_label: null,
  columns: [
    { id: 'units', label: 'Units', unit: 'count' },
    { id: 'net', label: 'Net sales', unit: 'cents' },
  ],
  chart: 'net',
  rows: rows.map((r) => ({ parent: null, ...r })),
  totals: [rows.reduce((s, r) => s + (r.values[0] ?? 0), 0), rows.reduce((s, r) => s + (r.values[1] ?? 0), 0)],
  ...extra,
});
/** Every breakdown report answering "nothing", for the tests about other reports. */
const quietBreakdowns = Object.fromEntries(
  ['items', 'channels', 'codes', 'processors', 'reservations', 'fundraisers'].map((name) => [`GET /admin/reports/${name}`, (call: { query: URLSearchParams }) => ({ body: breakdown(name, call.query.get('group') ?? '', []) })]),
);

describe('Reports: visits', () => {
  // Noon in Guam on Tue Jun 4, 2030: the default range is May 29 – Jun 4.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-06-04T02:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the last 7 Guam days as a table: visits, reached checkout and ordered with their shares; another range reloads', async () => {
    const api = mockApi({
      ...quietBreakdowns,
      'GET /admin/reports/sales': (call) => ({ body: sales(call.query.get('from')!, call.query.get('to')!, []) }),
      'GET /admin/analytics/visits': (call) =>
        call.query.get('from') === '2030-05-29'
          ? { body: { from: '2030-05-29', to: '2030-06-04', visits: 200, reached_checkout: 50, ordered: 31 } }
          : { body: { from: call.query.get('from'), to: call.query.get('to'), visits: 0, reached_checkout: 0, ordered: 0 } },
    });
    const { user } = renderApp('/admin?tab=reports', { user: admin });
    const table = await screen.findByRole('table', { name: 'Visits from 2030-05-29 to 2030-06-04' });
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['StepVisitsShare of visits', 'Visited the site200100%', 'Reached checkout5025%', 'Ordered3116%']);

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2030-01-01');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2030-01-07');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('No visits recorded in these days.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/admin/analytics/visits').at(-1)!.query.get('to')).toBe('2030-01-07');
  });

  it('says so at the field when the range is backwards, and asks nothing', async () => {
    const api = mockApi({ ...quietBreakdowns, 'GET /admin/reports/sales': { body: sales('2030-05-29', '2030-06-04', []) }, 'GET /admin/analytics/visits': { body: { from: '2030-05-29', to: '2030-06-04', visits: 3, reached_checkout: 1, ordered: 0 } } });
    const { user } = renderApp('/admin?tab=reports', { user: admin });
    await screen.findByRole('table', { name: /^Visits/ });
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2030-06-10');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription('The end date is before the start date.');
    expect(api.callsTo('GET', '/admin/analytics/visits')).toHaveLength(1);
  });

  it('a failed load says so with the reason, and Try again loads', async () => {
    let fail = true;
    mockApi({ ...quietBreakdowns, 'GET /admin/reports/sales': { body: sales('2030-05-29', '2030-06-04', []) }, 'GET /admin/analytics/visits': () => (fail ? apiError(409, 'Reports are being rebuilt.') : { body: { from: '2030-05-29', to: '2030-06-04', visits: 4, reached_checkout: 2, ordered: 1 } }) });
    const { user } = renderApp('/admin?tab=reports', { user: admin });
    expect(await screen.findByText(/Could not load the visits\./)).toHaveTextContent('Reports are being rebuilt.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('table', { name: /^Visits/ })).toBeInTheDocument());
  });
});

describe('Reports: sales', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-06-04T02:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the totals, a chart named by its summary and the table beside it; by hour reloads; the CSV link carries the range', async () => {
    const api = mockApi({
      ...quietBreakdowns,
      'GET /admin/analytics/visits': { body: { from: '2030-05-29', to: '2030-06-04', visits: 0, reached_checkout: 0, ordered: 0 } },
      'GET /admin/reports/sales': (call) =>
        call.query.get('group') === 'hour'
          ? { body: { ...sales('2030-05-29', '2030-06-04', [{ key: '12', net: 40_00, orders: 1 }, { key: '18', net: 125_50, orders: 3 }]), group: 'hour' } }
          : {
              body: {
                ...sales('2030-05-29', '2030-06-04', [{ key: '2030-06-03', net: 165_50, orders: 4 }, { key: '2030-06-04', net: 0, orders: 0 }]),
                totals: { gross_cents: 180_00, discount_cents: 9_50, refund_cents: 5_00, net_cents: 165_50, orders: 4, average_ticket_cents: 42_63 },
              },
            },
    });
    const { user } = renderApp('/admin?tab=reports', { user: admin });
    const table = await screen.findByRole('table', { name: 'Sales by day, 2030-05-29 to 2030-06-04' });
    const totals = screen.getByRole('heading', { name: 'Sales' }).closest('section')!.querySelector('dl')!;
    expect(within(totals).getByText('Gross').nextSibling).toHaveTextContent('$180.00');
    expect(within(totals).getByText('Refunds').nextSibling).toHaveTextContent('$5.00');
    expect(within(totals).getByText('Average ticket').nextSibling).toHaveTextContent('$42.63');
    expect(screen.getByRole('img', { name: 'Net sales by day: highest $165.50 on Jun 3, 2030; total $165.50.' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['DayOrdersGrossDiscountsRefundsNet', 'Jun 3, 20304$165.50$0.00$0.00$165.50', 'Jun 4, 20300$0.00$0.00$0.00$0.00']);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/v1/admin/reports/sales.csv?from=2030-05-29&to=2030-06-04&group=day');

    await user.click(screen.getByRole('button', { name: 'By hour of day' }));
    const hours = await screen.findByRole('table', { name: 'Sales by hour of the day, 2030-05-29 to 2030-06-04' });
    expect(within(hours).getAllByRole('row').map((r) => r.textContent)[2]).toBe('6 PM3$125.50$0.00$0.00$125.50');
    expect(screen.getByRole('button', { name: 'By hour of day' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/v1/admin/reports/sales.csv?from=2030-05-29&to=2030-06-04&group=hour');
    expect(api.callsTo('GET', '/admin/reports/sales').at(-1)!.query.get('group')).toBe('hour');
  });

  it('says so when there were no sales', async () => {
    mockApi({
      ...quietBreakdowns,
      'GET /admin/analytics/visits': { body: { from: '2030-05-29', to: '2030-06-04', visits: 0, reached_checkout: 0, ordered: 0 } },
      'GET /admin/reports/sales': { body: sales('2030-05-29', '2030-06-04', [{ key: '2030-06-04', net: 0, orders: 0 }]) },
    });
    renderApp('/admin?tab=reports', { user: admin });
    expect(await screen.findByText('No sales in these days.')).toBeInTheDocument();
  });
});

describe('Reports: breakdowns', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-06-04T02:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const base = {
    'GET /admin/analytics/visits': { body: { from: '2030-05-29', to: '2030-06-04', visits: 0, reached_checkout: 0, ordered: 0 } },
    'GET /admin/reports/sales': { body: sales('2030-05-29', '2030-06-04', []) },
  };

  it('item mix: a chart named by its summary, the table beside it with totals, groupings reload, the CSV follows the grouping', async () => {
    const api = mockApi({
      ...base,
      ...quietBreakdowns,
      'GET /admin/reports/items': (call) =>
        call.query.get('group') === 'category'
          ? { body: breakdown('items', 'category', [{ key: 'Plates', label: 'Plates', values: [5, 60_00] }], { title: 'Category mix', row_label: 'Category' }) }
          : {
              body: breakdown(
                'items',
                'item',
                [
                  { key: 'Plates: Kelaguen', label: 'Chicken Kelaguen', parent: 'Plates', values: [3, 36_00] },
                  { key: 'Drinks: Tea', label: 'Iced Tea', parent: 'Drinks', values: [4, 12_00] },
                ],
                { title: 'Item mix', row_label: 'Item', parent_label: 'Category' },
              ),
            },
    });
    const { user } = renderApp('/admin?tab=reports', { user: admin });
    const table = await screen.findByRole('table', { name: 'Item mix, 2030-05-29 to 2030-06-04' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['CategoryItemUnitsNet sales', 'PlatesChicken Kelaguen3$36.00', 'DrinksIced Tea4$12.00', 'Total7$48.00']);
    expect(screen.getByRole('img', { name: 'Net sales by item: highest $36.00 for Chicken Kelaguen; total $48.00.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV: Item mix' })).toHaveAttribute('href', '/api/v1/admin/reports/items.csv?from=2030-05-29&to=2030-06-04&group=item');

    await user.click(screen.getByRole('button', { name: 'By category' }));
    expect(await screen.findByRole('table', { name: 'Category mix, 2030-05-29 to 2030-06-04' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'By category' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Download CSV: Item mix' })).toHaveAttribute('href', '/api/v1/admin/reports/items.csv?from=2030-05-29&to=2030-06-04&group=category');
    expect(api.callsTo('GET', '/admin/reports/items').at(-1)!.query.get('group')).toBe('category');
  });

  it('fundraisers: a participant without a goal reads “—”, percentages with one decimal, no total for goals', async () => {
    mockApi({
      ...base,
      ...quietBreakdowns,
      'GET /admin/reports/fundraisers': {
        body: {
          ...breakdown('fundraisers', 'participant', [], { title: 'Fundraisers by participant', row_label: 'Participant', parent_label: 'Fundraiser' }),
          columns: [
            { id: 'raised_to_date', label: 'Raised to date', unit: 'cents' },
            { id: 'goal', label: 'Goal', unit: 'cents' },
            { id: 'of_goal', label: 'Of goal', unit: 'percent' },
          ],
          chart: 'raised_to_date',
          rows: [
            { key: '1:1', label: 'Ana', parent: 'Eagles', values: [70_00, 100_00, 70] },
            { key: '1:general', label: 'General support', parent: 'Eagles', values: [12_50, null, null] },
          ],
          totals: [82_50, null, null],
        },
      },
    });
    renderApp('/admin?tab=reports', { user: admin });
    const table = await screen.findByRole('table', { name: 'Fundraisers by participant, 2030-05-29 to 2030-06-04' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'FundraiserParticipantRaised to dateGoalOf goal',
      'EaglesAna$70.00$100.0070%',
      'EaglesGeneral support$12.50——',
      'Total$82.50',
    ]);
  });

  it('says so when a report is empty, and a failed one offers Try again', async () => {
    let fail = true;
    mockApi({ ...base, ...quietBreakdowns, 'GET /admin/reports/codes': () => (fail ? apiError(409, 'Reports are being rebuilt.') : { body: breakdown('codes', 'code', [{ key: 'promo:A', label: 'A', values: [1, 5_00] }], { title: 'Promo and VIP codes' }) }) });
    const { user } = renderApp('/admin?tab=reports', { user: admin });
    const codes = (await screen.findByRole('heading', { name: 'Promo and VIP codes' })).closest('section')!;
    expect(await within(codes as HTMLElement).findByText(/Could not load the Promo and VIP codes report\./)).toHaveTextContent('Reports are being rebuilt.');
    const channels = screen.getByRole('heading', { name: 'Channels' }).closest('section')!;
    expect(await within(channels as HTMLElement).findByText('Nothing in these days.')).toBeInTheDocument();
    fail = false;
    await user.click(within(codes as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Promo and VIP codes, 2030-05-29 to 2030-06-04' })).toBeInTheDocument();
  });
});
