import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TEAM_SHARE_MESSAGE } from '@kusina/domain/wholesale';
import { mockApi } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';
import { envelope, fundraiserFixture } from '../test-fixtures.ts';

/** Clear money (issue #36 item 6, decision 0125): the team share, raised for the team versus sales, the payout statement. */
beforeEach(() => localStorage.setItem('restaurantId', '1'));

const statement = (donations = 0) => ({
  fundraiser: { id: 7, name: 'Tamuning Tigers', status: 'current', start_date: '2026-11-01', end_date: '2026-12-15', team_share_percent: 40 },
  restaurant_name: 'Kusina',
  generated_at: '2026-11-29T01:00:00.000Z',
  rows: [
    { participant_id: 11, participant: 'Josh Santos', orders: 2, sales_cents: 5000, refunds_cents: 1000, net_sales_cents: 4000, team_share_cents: 1600, donations_cents: donations, team_raised_cents: 1600 + donations },
    { participant_id: null, participant: 'General support', orders: 1, sales_cents: 2500, refunds_cents: 0, net_sales_cents: 2500, team_share_cents: 1000, donations_cents: 0, team_raised_cents: 1000 },
  ],
  totals: { orders: 3, sales_cents: 7500, refunds_cents: 1000, net_sales_cents: 6500, team_share_cents: 2600, donations_cents: donations, team_raised_cents: 2600 + donations },
});

describe('team share', () => {
  it('the supporter sees the share on the fundraiser page', async () => {
    mockApi({ 'GET /wholesale/fundraisers/tamuning-tigers': envelope({ fundraiser: fundraiserFixture({ team_share_percent: 40 }) }) });
    renderApp('/wholesale/tamuning-tigers');
    // The page's chunk loads first (the first test of the file waits for it).
    expect(await screen.findByRole('heading', { level: 1, name: 'Tamuning Tigers' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('team-share')).toHaveTextContent('40% of every purchase goes to the team');
  });

  it('says nothing of a share that is not stated', async () => {
    mockApi({ 'GET /wholesale/fundraisers/tamuning-tigers': envelope({ fundraiser: fundraiserFixture({ team_share_percent: null }) }) });
    renderApp('/wholesale/tamuning-tigers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tamuning Tigers' })).toBeInTheDocument();
    expect(screen.queryByTestId('team-share')).not.toBeInTheDocument();
  });

  it('an admin sets it as a whole percent from 0 to 100: other values are refused before sending', async () => {
    const fundraiser = fundraiserFixture({ id: 7, team_share_percent: null });
    const api = mockApi({
      'GET /wholesale/admin/fundraisers': () => envelope({ fundraisers: [fundraiser] }),
      'GET /wholesale/admin/fundraisers/7': () => envelope({ fundraiser }),
      'GET /wholesale/admin/fundraisers/7/organisers': () => envelope({ organisers: [], invites: [] }),
      'PUT /wholesale/admin/fundraisers/7': (call) => envelope({ fundraiser: { ...fundraiser, team_share_percent: (call.body as { team_share_percent: number }).team_share_percent } }),
    });
    const { user } = renderApp('/admin?tab=fundraisers', { user: makeUser({ role: 'admin' }) });
    await user.click(await screen.findByRole('button', { name: 'Manage Tamuning Tigers' }));
    const field = await screen.findByLabelText(/Team share \(%\)/);
    await user.type(field, '101');
    await user.click(screen.getByRole('button', { name: 'Save Fundraiser' }));
    expect(await screen.findByText(TEAM_SHARE_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/wholesale/admin/fundraisers/7')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '40');
    await user.click(screen.getByRole('button', { name: 'Save Fundraiser' }));
    await waitFor(() => expect(api.callsTo('PUT', '/wholesale/admin/fundraisers/7')).toHaveLength(1));
    expect(api.callsTo('PUT', '/wholesale/admin/fundraisers/7')[0]?.body).toMatchObject({ team_share_percent: 40 });
  });

  it('the payout statement: rows per participant and totals as the server computed them, a Donations column only when there are any, printable', async () => {
    const fundraiser = fundraiserFixture({ id: 7 });
    const donations = 0;
    mockApi({
      'GET /wholesale/admin/fundraisers': () => envelope({ fundraisers: [fundraiser] }),
      'GET /wholesale/admin/fundraisers/7': () => envelope({ fundraiser }),
      'GET /wholesale/admin/fundraisers/7/payout_statement': () => envelope(statement(donations)),
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = renderApp('/admin', { user: makeUser({ role: 'organiser' }) });
    await user.click(await screen.findByRole('button', { name: 'Payout Statement' }));
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Participant', 'Orders', 'Sales', 'Refunds', 'Net sales', 'Team share (40%)', 'Raised for the team']);
    const josh = within(table).getByRole('row', { name: /Josh Santos/ });
    expect(within(josh).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', '$50.00', '-$10.00', '$40.00', '$16.00', '$16.00']);
    const total = within(table).getByRole('row', { name: /Total/ });
    expect(within(total).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '$75.00', '-$10.00', '$65.00', '$26.00', '$26.00']);
    expect(screen.getByText(/The team receives/)).toHaveTextContent('The team receives 40% of every sale, net of refunds.');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();

  });

  it('with donations in the ledger, the statement gives them their own column', async () => {
    mockApi({
      'GET /wholesale/admin/fundraisers': () => envelope({ fundraisers: [fundraiserFixture({ id: 7 })] }),
      'GET /wholesale/admin/fundraisers/7': () => envelope({ fundraiser: fundraiserFixture({ id: 7 }) }),
      'GET /wholesale/admin/fundraisers/7/payout_statement': () => envelope(statement(500)),
    });
    const { user } = renderApp('/admin', { user: makeUser({ role: 'organiser' }) });
    await user.click(await screen.findByRole('button', { name: 'Payout Statement' }));
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toContain('Donations');
    const total = within(table).getByRole('row', { name: /Total/ });
    expect(within(total).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '$75.00', '-$10.00', '$65.00', '$26.00', '$5.00', '$31.00']);
    expect(screen.getByText(/The team receives/)).toHaveTextContent('and every donation in full');
  });
});
