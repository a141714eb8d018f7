import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntryOutput, TeamMemberOutput, TeamOutput } from '@kusina/domain/team';
import { TeamMessages } from '@kusina/domain/team-rules';
import { apiError, mockApi } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';

const admin = makeUser({ id: 4, role: 'admin', email: 'admin@kusina.test', first_name: 'Ana', last_name: 'Admin', name: 'Ana Admin' });

function member(overrides: Partial<TeamMemberOutput>): TeamMemberOutput {
  return { id: 1, email: 'x@kusina.test', name: 'X', role: 'staff', restaurant_id: 1, active: true, last_sign_in_at: null, created_at: '2026-01-01T00:00:00.000Z', ...overrides };
}

function teamServer(routes: Parameters<typeof mockApi>[0] = {}) {
  const team: TeamOutput = {
    members: [
      member({ id: 4, email: 'admin@kusina.test', name: 'Ana Admin', role: 'admin', last_sign_in_at: '2026-11-28T22:15:00.000Z' }),
      member({ id: 5, email: 'staff@kusina.test', name: 'Kekoa Staff', role: 'staff', last_sign_in_at: '2026-11-27T01:00:00.000Z' }),
      member({ id: 1, email: 'super@kusina.test', name: 'Sina Superadmin', role: 'super_admin' }),
    ],
    invites: [{ id: 9, email: 'new.cook@example.com', role: 'staff', restaurant_id: 1, invited_by: 'Ana Admin', expires_at: '2026-12-01T00:00:00.000Z', created_at: '2026-11-28T00:00:00.000Z' }],
  };
  return mockApi({
    'GET /team': () => ({ body: team }),
    'PATCH /team/members/5': (call) => {
      const body = call.body as { active?: boolean; role?: 'staff' | 'admin' };
      const kekoa = team.members[1]!;
      if (body.active !== undefined) kekoa.active = body.active;
      if (body.role) kekoa.role = body.role;
      return { body: kekoa };
    },
    ...routes,
  });
}

describe('Team tab', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists members with their last sign-in, offers no change of yourself or a super admin, and shows open invites', async () => {
    teamServer();
    renderApp('/admin?tab=team', { user: admin });
    await screen.findByText('Kekoa Staff');
    const section = screen.getByRole('heading', { name: 'Team members' }).closest('section')!;
    const rows = within(section).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Ana Admin');
    expect(rows[0]).toHaveTextContent('You');
    expect(rows[0]).toHaveTextContent('Last sign-in: Nov 29, 2026, 8:15 AM');
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(rows[2]).toHaveTextContent('Super admin');
    expect(rows[2]).toHaveTextContent('Last sign-in: never');
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Deactivate Kekoa Staff' })).toBeInTheDocument();
    expect(within(section).getByText('new.cook@example.com')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Withdraw the invite to new.cook@example.com' })).toBeInTheDocument();
  });

  it('validates and sends an invite; a taken address is told on the field', async () => {
    let sent: unknown = null;
    teamServer({
      'POST /team/invites': (call) => {
        sent = call.body;
        if ((call.body as { email: string }).email === 'customer@kusina.test') return apiError(409, TeamMessages.emailHasAccount, { email: TeamMessages.emailHasAccount });
        return { status: 201, body: { id: 10, email: 'lani@example.com', role: 'admin', restaurant_id: 1, invited_by: 'Ana Admin', expires_at: '2026-12-01T00:00:00.000Z', created_at: '2026-11-28T00:00:00.000Z' } };
      },
    });
    const { user } = renderApp('/admin?tab=team', { user: admin });
    await screen.findByRole('heading', { name: 'Invite a team member' });
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(sent).toBeNull();

    await user.type(screen.getByLabelText('Email'), 'customer@kusina.test');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText(TeamMessages.emailHasAccount)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'Lani@Example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText('Invite sent to lani@example.com.')).toBeInTheDocument();
    expect(sent).toEqual({ email: 'lani@example.com', role: 'admin' });
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('deactivates after a confirmation, then offers to reactivate', async () => {
    const api = teamServer();
    const { user } = renderApp('/admin?tab=team', { user: admin });
    const deactivate = await screen.findByRole('button', { name: 'Deactivate Kekoa Staff' });
    await user.click(deactivate);
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Kekoa Staff?' });
    expect(dialog).toHaveTextContent('signed out everywhere at once');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Kekoa Staff can no longer sign in.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ active: false });
    expect(await screen.findByText('Deactivated')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reactivate Kekoa Staff' })).toBeInTheDocument());
  });
});

describe('Audit log tab', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows who changed what and when, and loads older pages', async () => {
    const entry = (id: number, summary: string): AuditEntryOutput => ({ id, restaurant_id: 1, actor: 'Ana Admin (admin@kusina.test)', action: 'team.invite', target: 'x', summary, created_at: '2026-11-28T02:00:00.000Z' });
    mockApi({
      'GET /audit_log': (call) =>
        call.query.get('before_id') === '7'
          ? { body: { entries: [entry(3, 'Created promo code FIESTA15 (15% off)')], next_before_id: null } }
          : { body: { entries: [entry(8, 'Deactivated kekoa@kusina.test; their sessions ended'), entry(7, 'Invited kekoa@kusina.test as staff')], next_before_id: 7 } },
    });
    const { user } = renderApp('/admin?tab=audit', { user: admin });
    expect(await screen.findByText('Deactivated kekoa@kusina.test; their sessions ended')).toBeInTheDocument();
    const items = within(screen.getByRole('heading', { name: 'Audit log' }).closest('section')!).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[1]).toHaveTextContent('Invited kekoa@kusina.test as staffAna Admin (admin@kusina.test) · Nov 28, 2026, 12:00 PM');
    await user.click(screen.getByRole('button', { name: 'Show older changes' }));
    expect(await screen.findByText('Created promo code FIESTA15 (15% off)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older changes' })).toBeNull();
  });
});
