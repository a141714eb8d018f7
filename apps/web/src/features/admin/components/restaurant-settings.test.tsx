import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, restaurantFixture, type ApiCall } from '../../../test/api-mock.ts';
import { makeUser, renderApp } from '../../../test/render-app.tsx';

const admin = makeUser({ id: 4, role: 'admin', first_name: 'Ana', last_name: 'Admin', name: 'Ana Admin' });

function settingsServer(routes: Record<string, (call: ApiCall) => Response | { status?: number; body?: unknown }> = {}) {
  const restaurant = {
    ...restaurantFixture,
    admin_settings: { custom_pickup_instructions: 'Ring the bell.', reservation_settings: { max_party_size: 20 }, payment_gateway: { payment_processor: 'paypal' as const, client_id: 'sb-client', test_mode: true } },
  };
  const site = { hero_image_url: null as string | null, spinner_image_url: null };
  const api = mockApi({
    'GET /restaurants/1': () => ({ body: restaurant }),
    'GET /admin/site_settings': () => ({ body: site }),
    'PATCH /restaurants/1': (call) => {
      Object.assign(restaurant, call.body);
      return { body: restaurant };
    },
    'PATCH /admin/site_settings': (call) => {
      Object.assign(site, call.body);
      return { body: site };
    },
    ...routes,
  });
  return { api, restaurant, site };
}

async function openTab() {
  const rendered = renderApp('/admin?tab=restaurant', { user: admin });
  expect(await screen.findByRole('tab', { name: 'Restaurant', selected: true })).toBeInTheDocument();
  await screen.findByRole('form', { name: 'Restaurant settings' });
  return rendered;
}

describe('Restaurant settings', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("saves the profile, the home page's hero and the processor, keeping the other admin settings", async () => {
    const server = settingsServer();
    const { user } = await openTab();
    const form = screen.getByRole('form', { name: 'Restaurant settings' });
    expect(within(form).getByLabelText('Restaurant name')).toHaveValue('Kusina');
    expect(within(form).getByLabelText('Pickup instructions')).toHaveValue('Ring the bell.');
    expect(within(form).getByLabelText('PayPal client ID')).toHaveValue('sb-client');

    await user.clear(within(form).getByLabelText('Restaurant name'));
    await user.type(within(form).getByLabelText('Restaurant name'), 'Kusina Tamuning');
    await user.type(within(form).getByLabelText('Hero image'), '/uploads/hero.webp');
    await user.click(within(form).getByRole('checkbox', { name: 'Show Book Your Table on the home page' }));
    await user.selectOptions(within(form).getByLabelText('Payment processor'), 'Stripe');
    await user.type(within(form).getByLabelText('Stripe publishable key'), 'pk_test_123');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    const body = server.api.callsTo('PATCH', '/restaurants/1')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Kusina Tamuning', address: restaurantFixture.address, facebook_url: restaurantFixture.facebook_url, instagram_url: '' });
    expect(body.admin_settings).toEqual({
      custom_pickup_instructions: 'Ring the bell.',
      reservation_settings: { max_party_size: 20 },
      reservations: { enable_reservations_button: false },
      payment_gateway: { payment_processor: 'stripe', client_id: 'sb-client', publishable_key: 'pk_test_123', test_mode: true },
    });
    expect(server.api.callsTo('PATCH', '/admin/site_settings')[0]?.body).toEqual({ hero_image_url: '/uploads/hero.webp' });
  });

  it("puts the server's field messages on the fields and does not touch the images then", async () => {
    const server = settingsServer({
      'PATCH /restaurants/1': () => apiError(400, 'phone_number: Phone must be …', { phone_number: 'Phone must be + (3 or 4 digit area code) + 7 digits, e.g. +16711234567' }, 'VALIDATION_ERROR'),
    });
    const { user } = await openTab();
    const form = screen.getByRole('form', { name: 'Restaurant settings' });
    await user.clear(within(form).getByLabelText('Phone'));
    await user.type(within(form).getByLabelText('Phone'), '555');
    await user.type(within(form).getByLabelText('Hero image'), '/uploads/hero.webp');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText('Phone must be + (3 or 4 digit area code) + 7 digits, e.g. +16711234567')).toBeInTheDocument();
    expect(within(form).getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Phone')).toHaveValue('555');
    expect(server.api.callsTo('PATCH', '/admin/site_settings')).toHaveLength(0);
  });
});
