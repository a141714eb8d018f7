import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { SMS_COUNTRY_CODE, smsCountryCodeError } from '@kusina/domain/restaurants';
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

  it('edits the country codes texts go to: the default at first, a bad code named by the server on the field, then saved; blank is the default again', async () => {
    // The server's answer as the API gives it (admin_settings.sms_country_codes.N, the domain's words).
    const saved: Record<string, unknown>[] = [];
    const server = settingsServer({
      'PATCH /restaurants/1': (call) => {
        const settings = (call.body as { admin_settings: { sms_country_codes?: string[] } }).admin_settings;
        const bad = (settings.sms_country_codes ?? []).findIndex((code) => !SMS_COUNTRY_CODE.test(code));
        if (bad >= 0) return apiError(400, 'Invalid', { [`admin_settings.sms_country_codes.${bad}`]: smsCountryCodeError(settings.sms_country_codes![bad]!) }, 'VALIDATION_ERROR');
        saved.push(settings);
        return { body: { ...restaurantFixture, admin_settings: settings } };
      },
    });
    const { user } = await openTab();
    const form = screen.getByRole('form', { name: 'Restaurant settings' });
    const codes = within(form).getByLabelText('Country codes for texts');
    expect(codes).toHaveValue('+1, +63, +81, +82, +680, +691, +692');
    expect(codes).toHaveAccessibleDescription(/Leave blank for the default: \+1, \+63, \+81, \+82, \+680, \+691, \+692\./);
    // A save ends once its refetch is done (the button is busy until then): click only a ready button.
    const save = async () => {
      const button = within(form).getByRole('button', { name: 'Save settings' });
      await waitFor(() => expect(button).toBeEnabled());
      await user.click(button);
    };

    // Unchanged, the setting stays unset (it keeps following the default).
    await save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).not.toHaveProperty('sms_country_codes');

    await user.clear(codes);
    await user.type(codes, '+1, 44 +63');
    await save();
    expect(await within(form).findByText('"44" is not a country code: use a + and 1 to 4 digits, like +1 or +63')).toBeInTheDocument();
    expect(codes).toHaveAttribute('aria-invalid', 'true');
    expect(codes).toHaveAccessibleDescription(expect.stringContaining('"44" is not a country code'));
    expect(codes).toHaveValue('+1, 44 +63');
    expect(saved).toHaveLength(1);

    await user.clear(codes);
    await user.type(codes, '+1, +44 +63');
    await save();
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toMatchObject({ sms_country_codes: ['+1', '+44', '+63'], payment_gateway: { client_id: 'sb-client' } });
    expect(codes).not.toHaveAttribute('aria-invalid', 'true');

    // Blank: the setting is removed, so the default applies again.
    await user.clear(codes);
    await save();
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(saved[2]).not.toHaveProperty('sms_country_codes');
    expect(server.api.callsTo('PATCH', '/restaurants/1')).toHaveLength(4);
  });
});
