import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { labelPattern, makeUser, renderApp } from '../../../test/render-app.tsx';
import { envelope, fundraiserFixture, orderFixture } from '../test-fixtures.ts';

/** Organiser access in the admin shell (issue #36 item 5, decision 0124). */
describe('organiser access', () => {
  const fundraiser = fundraiserFixture({ id: 7, name: 'Tamuning Tigers' });

  it("an organiser's /admin is their fundraiser only: participants, orders without status changes, no restaurant tabs, no settings or items", async () => {
    const api = mockApi({
      'GET /wholesale/admin/fundraisers': () => envelope({ fundraisers: [fundraiser] }),
      'GET /wholesale/admin/fundraisers/7': () => envelope({ fundraiser }),
      'GET /wholesale/admin/orders': () => envelope({ orders: [orderFixture({ id: 1, orderNumber: 'W-000001' })] }),
    });
    const { user } = renderApp('/admin', { user: makeUser({ role: 'organiser', first_name: 'Rosa', name: 'Rosa Coach' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fundraiser Management' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Tamuning Tigers' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Participants' })).toBeInTheDocument();
    // Nothing of the restaurant: no tabs, no reservations link, no fundraiser settings, items or organisers.
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Manage Reservations/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Fundraiser details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Items' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Organisers' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /All fundraisers/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/admin/orders')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Orders' }));
    expect(await screen.findByText(/W-000001/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pick List' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mark W-000001/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Change selected to')).not.toBeInTheDocument();
  });

  it('an organiser signing in lands on their fundraiser management, and the account menu names it', async () => {
    const organiser = makeUser({ role: 'organiser', first_name: 'Rosa', name: 'Rosa Coach' });
    mockApi({
      'POST /auth/login': { body: { user: organiser } },
      'GET /wholesale/admin/fundraisers': () => envelope({ fundraisers: [fundraiser] }),
      'GET /wholesale/admin/fundraisers/7': () => envelope({ fundraiser }),
    });
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await user.type(screen.getByLabelText(labelPattern('Email')), 'coach@kusina.test');
    await user.type(screen.getByLabelText(labelPattern('Password')), 'HafaAdai!2026');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fundraiser Management' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
  });

  it("keeps an organiser out of the restaurant's staff screens (the reservations dashboard)", async () => {
    mockApi();
    renderApp('/reservations/dashboard', { user: makeUser({ role: 'organiser' }) });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('an organiser of several fundraisers picks one, without New Fundraiser or Duplicate', async () => {
    mockApi({ 'GET /wholesale/admin/fundraisers': () => envelope({ fundraisers: [fundraiser, fundraiserFixture({ id: 8, name: 'Choir' })] }) });
    renderApp('/admin', { user: makeUser({ role: 'organiser' }) });
    expect(await screen.findByRole('button', { name: 'Manage Choir' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Fundraiser' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Duplicate/ })).not.toBeInTheDocument();
  });

  it('an admin invites an organiser from the fundraiser and removes one, focus returning to the invite field', async () => {
    let organisers = [{ user_id: 5, email: 'rosa@example.com', name: 'Rosa Coach', active: true, last_sign_in_at: null }];
    const api = mockApi({
      'GET /wholesale/admin/fundraisers': () => envelope({ fundraisers: [fundraiser] }),
      'GET /wholesale/admin/fundraisers/7': () => envelope({ fundraiser }),
      'GET /wholesale/admin/fundraisers/7/organisers': () => envelope({ organisers, invites: [] }),
      'POST /wholesale/admin/fundraisers/7/organisers': () => envelope({ outcome: 'invited', email: 'coach@example.com' }, 'Invite sent to coach@example.com'),
      'DELETE /wholesale/admin/fundraisers/7/organisers/5': () => {
        organisers = [];
        return envelope({}, 'Organiser removed');
      },
    });
    const { user } = renderApp('/admin?tab=fundraisers', { user: makeUser({ role: 'admin' }) });
    await user.click(await screen.findByRole('button', { name: 'Manage Tamuning Tigers' }));
    const panel = (await screen.findByRole('heading', { name: 'Organisers' })).closest('section')!;
    expect(await within(panel).findByText(/rosa@example.com/)).toBeInTheDocument();
    await user.type(within(panel).getByLabelText(/Organiser's email/), 'coach@example.com');
    await user.click(within(panel).getByRole('button', { name: 'Invite Organiser' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent('✓ Invite sent to coach@example.com');
    expect(api.callsTo('POST', '/wholesale/admin/fundraisers/7/organisers')[0]?.body).toEqual({ email: 'coach@example.com' });

    await user.click(within(panel).getByRole('button', { name: 'Remove rosa@example.com as organiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove rosa@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(panel).getByLabelText(/Organiser's email/)).toHaveFocus());
    expect(await within(panel).findByText('No organisers yet.')).toBeInTheDocument();
  });
});
