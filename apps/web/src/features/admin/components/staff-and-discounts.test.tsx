import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiscountConfigurationOutput, StaffMemberOutput } from '@kusina/domain/order-management';
import { apiError, mockApi, type ApiCall } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';

const admin = makeUser({ id: 4, role: 'admin', first_name: 'Ana', last_name: 'Admin', name: 'Ana Admin' });

function discount(overrides: Partial<DiscountConfigurationOutput> = {}): DiscountConfigurationOutput {
  return {
    id: 1,
    restaurant_id: 1,
    name: 'Off Duty',
    code: 'OFFDUTY',
    discount_percentage: 30,
    discount_type: 'percentage',
    is_active: true,
    is_default: false,
    display_order: 2,
    description: 'Staff eating on their day off',
    ui_color: '#2563eb',
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

function member(overrides: Partial<StaffMemberOutput> = {}): StaffMemberOutput {
  return { id: 1, restaurant_id: 1, name: 'Leilani Reyes', user_id: null, is_active: true, created_at: '2026-03-01T00:00:00.000Z', updated_at: '2026-03-01T00:00:00.000Z', ...overrides };
}

function settingsServer(routes: Record<string, (call: ApiCall) => Response | { status?: number; body?: unknown }> = {}) {
  const discounts = [discount()];
  const members = [member()];
  const api = mockApi({
    'GET /discount_configurations': () => ({ body: discounts }),
    'GET /staff_members': () => ({ body: members }),
    'POST /discount_configurations': (call) => {
      const saved = discount({ id: discounts.length + 1, ...(call.body as Partial<DiscountConfigurationOutput>) });
      discounts.push(saved);
      return { status: 201, body: saved };
    },
    'PATCH /discount_configurations/1': (call) => {
      Object.assign(discounts[0]!, call.body);
      return { body: discounts[0] };
    },
    'POST /staff_members': (call) => {
      const saved = member({ id: members.length + 1, ...(call.body as Partial<StaffMemberOutput>) });
      members.push(saved);
      return { status: 201, body: saved };
    },
    'PATCH /staff_members/1': (call) => {
      Object.assign(members[0]!, call.body);
      return { body: members[0] };
    },
    ...routes,
  });
  return { api, discounts, members };
}

async function openStaffTab() {
  const rendered = renderApp('/admin?tab=staff', { user: admin });
  expect(await screen.findByRole('tab', { name: 'Staff & Discounts', selected: true })).toBeInTheDocument();
  await screen.findByText('OFFDUTY');
  return rendered;
}

describe('Staff & Discounts', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the discounts with their options, validates the form with the spec rules, and saves with a toast', async () => {
    const server = settingsServer();
    const { user } = await openStaffTab();
    const table = screen.getByRole('table', { name: 'Staff discount options' });
    expect(within(table).getByText('Off Duty')).toBeInTheDocument();
    expect(within(table).getByText('30%')).toBeInTheDocument();
    expect(within(table).getByText('Staff eating on their day off')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add discount' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff discount' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Code is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Discount percentage must be between 0 and 100.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), 'On Duty');
    await user.type(within(dialog).getByLabelText('Code'), 'on-duty');
    await user.type(within(dialog).getByLabelText('Discount percentage'), '150');
    await user.clear(within(dialog).getByLabelText('Display order'));
    await user.type(within(dialog).getByLabelText('Display order'), '-1');
    await user.type(within(dialog).getByLabelText('Color'), 'not a colour!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Discount percentage must be between 0 and 100.')).toBeInTheDocument();
    expect(within(dialog).getByText('Display order must be 0 or more.')).toBeInTheDocument();
    expect(within(dialog).getByText('Use #rgb, #rrggbb or a colour name')).toBeInTheDocument();
    expect(server.api.callsTo('POST', '/discount_configurations')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Discount percentage'));
    await user.type(within(dialog).getByLabelText('Discount percentage'), '50');
    await user.clear(within(dialog).getByLabelText('Display order'));
    await user.type(within(dialog).getByLabelText('Display order'), '1');
    await user.clear(within(dialog).getByLabelText('Color'));
    await user.type(within(dialog).getByLabelText('Color'), '#16a34a');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Default' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Discount On Duty saved.')).toBeInTheDocument();
    expect(server.api.callsTo('POST', '/discount_configurations')[0]?.body).toEqual({
      name: 'On Duty',
      code: 'ON-DUTY',
      discount_percentage: 50,
      is_active: true,
      is_default: true,
      display_order: 1,
      description: null,
      ui_color: '#16a34a',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Listed in display order: On Duty (1) before Off Duty (2).
    const rows = await within(table).findAllByRole('row');
    expect(rows[1]).toHaveTextContent('On Duty');
    expect(rows[2]).toHaveTextContent('Off Duty');
  });

  it('puts a taken code on the code field', async () => {
    settingsServer({ 'PATCH /discount_configurations/1': () => apiError(409, 'A discount with this code already exists.', undefined, 'CONFLICT') });
    const { user } = await openStaffTab();
    await user.click(screen.getByRole('button', { name: 'Edit Off Duty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Off Duty' });
    expect(within(dialog).getByLabelText('Code')).toHaveValue('OFFDUTY');
    await user.clear(within(dialog).getByLabelText('Code'));
    await user.type(within(dialog).getByLabelText('Code'), 'ONDUTY');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A discount with this code already exists.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('adds, renames and deactivates staff members', async () => {
    const server = settingsServer();
    const { user } = await openStaffTab();
    expect(server.api.callsTo('GET', '/staff_members')[0]?.query.get('include_inactive')).toBe('true');
    expect(await screen.findByText('Leilani Reyes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New staff member'), 'Jose Taitano');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Jose Taitano added to the staff list.')).toBeInTheDocument();
    expect(server.api.callsTo('POST', '/staff_members')[0]?.body).toEqual({ name: 'Jose Taitano', is_active: true });
    expect(await screen.findByText('Jose Taitano')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Leilani Reyes' }));
    const field = screen.getByLabelText('Name of Leilani Reyes');
    await user.clear(field);
    await user.type(field, 'Leilani Reyes-Cruz');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Leilani Reyes-Cruz')).toBeInTheDocument();
    expect(server.api.callsTo('PATCH', '/staff_members/1')[0]?.body).toEqual({ name: 'Leilani Reyes-Cruz' });

    await user.click(screen.getByRole('button', { name: 'Deactivate Leilani Reyes-Cruz' }));
    expect(await screen.findByText('Leilani Reyes-Cruz was deactivated.')).toBeInTheDocument();
    expect(server.api.callsTo('PATCH', '/staff_members/1')[1]?.body).toEqual({ is_active: false });
    expect(await screen.findByRole('button', { name: 'Reactivate Leilani Reyes-Cruz' })).toBeInTheDocument();
  });
});
