import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PromoCodeOutput, VipCodeOutput } from '@kusina/domain/promotions';
import { mockApi } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';

const admin = makeUser({ id: 4, role: 'admin', first_name: 'Ana', last_name: 'Admin', name: 'Ana Admin' });

function promo(overrides: Partial<PromoCodeOutput>): PromoCodeOutput {
  return { id: 1, restaurant_id: 1, code: 'ALOHA10', discountType: 'percent', discountValue: 10, validUntil: null, maxUses: null, currentUses: 0, remainingUses: null, active: true, status: 'active', ...overrides };
}
function vip(overrides: Partial<VipCodeOutput>): VipCodeOutput {
  return { id: 1, restaurant_id: 1, code: 'VIP-ABCDEFGH', name: 'Opening night', maxUses: 1, currentUses: 0, remainingUses: 1, expiresAt: null, active: true, revokedAt: null, status: 'active', createdAt: '2026-11-01T00:00:00.000Z', ...overrides };
}

function codesServer() {
  const promos = [
    promo({ id: 1, code: 'HAFA5', discountType: 'amount', discountValue: 500, maxUses: 500, currentUses: 3, remainingUses: 497, validUntil: '2027-01-01T13:59:59.000Z' }),
    promo({ id: 2, code: 'SUMMER25', discountValue: 25, status: 'expired', validUntil: '2026-10-01T00:00:00.000Z' }),
  ];
  const vips = [vip({ id: 1, currentUses: 1, remainingUses: 0, status: 'used_up' }), vip({ id: 2, code: 'VIP-KLMNPQRS' })];
  const api = mockApi({
    'GET /promo_codes': () => ({ body: promos }),
    'POST /promo_codes': (call) => {
      const body = call.body as { code: string; discountType: 'percent' | 'amount'; discountValue: number; maxUses: number | null };
      const saved = promo({ id: 3, ...body, remainingUses: body.maxUses });
      promos.push(saved);
      return { status: 201, body: saved };
    },
    'POST /promo_codes/HAFA5/expire': () => {
      Object.assign(promos[0]!, { status: 'expired', validUntil: '2026-11-28T00:00:00.000Z' });
      return { body: promos[0] };
    },
    'GET /vip_codes': () => ({ body: vips }),
    'POST /vip_codes': (call) => {
      const made = [vip({ id: 10, code: 'VIP-TTTTTTTT' }), vip({ id: 11, code: 'VIP-UUUUUUUU' })];
      vips.unshift(...made);
      return { status: 201, body: made.slice(0, (call.body as { quantity: number }).quantity) };
    },
    'GET /vip_codes/1/uses': { body: [{ order_id: 77, order_number: 'K-10077', contact_name: 'Maria Cruz', placed_at: '2026-11-20T02:00:00.000Z' }] },
    'POST /vip_codes/2/revoke': () => {
      Object.assign(vips.find((v) => v.id === 2)!, { active: false, revokedAt: '2026-11-28T00:00:00.000Z', status: 'paused' });
      return { body: vips.find((v) => v.id === 2) };
    },
  });
  return api;
}

describe('Codes tab', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists promo codes with uses, what is left and status; creates one with the spec rules; expires one', async () => {
    const api = codesServer();
    const { user } = renderApp('/admin?tab=codes', { user: admin });
    const hafa = (await screen.findByText('HAFA5')).closest('li')!;
    expect(hafa).toHaveTextContent('$5.00 off · 3 of 500 used · 497 left');
    expect(hafa).toHaveTextContent('Active');
    expect(screen.getByText('SUMMER25').closest('li')).toHaveTextContent('Expired');
    expect(screen.getByText(/otherwise the customer sees “Invalid or expired promo code”/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New promo code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New promo code' });
    await user.type(within(dialog).getByLabelText('Code'), 'fiesta 15');
    await user.type(within(dialog).getByLabelText('Percent off'), '120');
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(await within(dialog).findByText('A percentage is a whole number from 1 to 100.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/promo_codes')).toBe(false);

    await user.selectOptions(within(dialog).getByLabelText('Discount type'), 'amount');
    await user.clear(within(dialog).getByLabelText('Dollars off'));
    await user.type(within(dialog).getByLabelText('Dollars off'), '2.50');
    await user.type(within(dialog).getByLabelText('Max uses'), '40');
    await user.type(within(dialog).getByLabelText('Valid until'), '2027-03-31');
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(await within(dialog).findByText('Use letters, digits, - and _ only')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Code'));
    await user.type(within(dialog).getByLabelText('Code'), 'fiesta-15');
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText('FIESTA-15 created.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/promo_codes')?.body).toEqual({
      code: 'FIESTA-15',
      discountType: 'amount',
      discountValue: 250,
      maxUses: 40,
      validUntil: '2027-03-31T13:59:59.000Z',
      active: true,
    });

    await user.click(screen.getByRole('button', { name: 'Expire HAFA5 now' }));
    const confirm = await screen.findByRole('dialog', { name: 'Expire HAFA5 now?' });
    await user.click(within(confirm).getByRole('button', { name: 'Expire now' }));
    expect(await screen.findByText('HAFA5 has expired.')).toBeInTheDocument();
  });

  it('issues single-use VIP codes, shows which order used one, and revokes one', async () => {
    const api = codesServer();
    const { user } = renderApp('/admin?tab=codes', { user: admin });
    const used = (await screen.findByText('VIP-ABCDEFGH')).closest('li')!;
    expect(used).toHaveTextContent('Used up');
    expect(used).toHaveTextContent('1 of 1 used · 0 left');

    const form = screen.getByRole('form', { name: 'Issue VIP codes' });
    await user.click(within(form).getByRole('button', { name: 'Issue codes' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('For (name)'), 'Friends of the chef');
    await user.clear(within(form).getByLabelText('How many codes'));
    await user.type(within(form).getByLabelText('How many codes'), '2');
    await user.click(within(form).getByRole('button', { name: 'Issue codes' }));
    expect(await screen.findByText('2 VIP codes issued.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/vip_codes')?.body).toEqual({ name: 'Friends of the chef', maxUses: 1, quantity: 2, expiresAt: null });
    expect(within(form).getByText('VIP-TTTTTTTT, VIP-UUUUUUUU')).toBeInTheDocument();

    await user.click(within(used).getByRole('button', { name: 'Show the orders placed with VIP-ABCDEFGH' }));
    expect(await within(used).findByText(/Order K-10077 · Maria Cruz/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke VIP-KLMNPQRS' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revoke VIP-KLMNPQRS?' })).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('VIP-KLMNPQRS revoked.')).toBeInTheDocument();
    expect((await screen.findByText('VIP-KLMNPQRS')).closest('li')).toHaveTextContent('Revoked');
  });
});
