import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';

describe('restaurants', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ RESTAURANT_HOSTS: 'blue.kusina.test=2' });
  });
  afterAll(() => t.close());

  it('returns a restaurant without admin_settings unless asked', async () => {
    const plain = await t.app.inject({ url: '/api/v1/restaurants/1' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ id: 1, theme: 'gold', time_zone: 'Pacific/Guam' });
    expect(plain.json()).not.toHaveProperty('admin_settings');

    const withSettings = await t.app.inject({ url: '/api/v1/restaurants/2?include_settings=true' });
    expect(withSettings.json()).toMatchObject({ id: 2, theme: 'blue', admin_settings: { payment_gateway: { payment_processor: 'paypal' } } });
  });

  it('answers an unknown restaurant with the error shape', async () => {
    const response = await t.app.inject({ url: '/api/v1/restaurants/999' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Restaurant not found.' } });
  });

  it('names the bad field on validation errors', async () => {
    const response = await t.app.inject({ url: '/api/v1/restaurants/abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', details: { fields: { id: expect.any(String) } } });
  });

  it("serves the site settings of the host's restaurant", async () => {
    const response = await t.app.inject({ url: '/api/v1/admin/site_settings', headers: { host: 'blue.kusina.test' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ hero_image_url: expect.any(String), spinner_image_url: null });
  });

  it("lets the restaurant's admins edit its profile, naming a bad field and changing nothing then", async () => {
    const admin = await tokenFor(t.app, t.db, 'admin@kusina.test');
    const bad = await request(t.app, {
      method: 'PATCH',
      url: '/api/v1/restaurants/1',
      token: admin,
      payload: { name: 'Kusina Tamuning', phone_number: '555', facebook_url: 'http://facebook.com/kusina' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields).toMatchObject({ phone_number: expect.stringContaining('Phone must be'), facebook_url: 'Use an https:// address' });
    expect((await t.app.inject({ url: '/api/v1/restaurants/1' })).json().name).not.toBe('Kusina Tamuning');

    const saved = await request(t.app, {
      method: 'PATCH',
      url: '/api/v1/restaurants/1',
      token: admin,
      payload: { name: ' Kusina Tamuning ', phone_number: '+1 671 555 0134', contact_email: 'Hello@Kusina.test', facebook_url: 'https://facebook.com/kusina', twitter_url: '', custom_pickup_location: 'Side window on Marine Corps Dr' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/restaurants/1' })).json()).toMatchObject({
      name: 'Kusina Tamuning',
      phone_number: '+16715550134',
      contact_email: 'hello@kusina.test',
      facebook_url: 'https://facebook.com/kusina',
      twitter_url: null,
      custom_pickup_location: 'Side window on Marine Corps Dr',
    });
    // Another restaurant's admin (the demo's admin of restaurant 2) may not.
    const stranger = await tokenFor(t.app, t.db, 'admin2@kusina.test');
    expect((await request(t.app, { method: 'PATCH', url: '/api/v1/restaurants/1', token: stranger, payload: { name: 'Mine now' } })).statusCode).toBe(403);
  });

  it('takes the SMS country codes (issue #33): each a + and 1 to 4 digits, the bad one named on its field; unset is the default', async () => {
    const admin = await tokenFor(t.app, t.db, 'admin@kusina.test');
    const settingsOf = async () => (await request(t.app, { method: 'GET', url: '/api/v1/restaurants/1?include_settings=true', token: admin })).json().admin_settings;
    const current = await settingsOf();
    expect(current).not.toHaveProperty('sms_country_codes');
    const patch = (codes: unknown) => request(t.app, { method: 'PATCH', url: '/api/v1/restaurants/1', token: admin, payload: { admin_settings: { ...current, sms_country_codes: codes } } });

    for (const [codes, index, entry] of [
      [['+1', '44'], 1, '44'],
      [['+12345'], 0, '+12345'],
      [['+0'], 0, '+0'],
      [['+1', '+63 '], 1, '+63 '],
    ] as const) {
      const bad = await patch(codes);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details.fields).toEqual({ [`admin_settings.sms_country_codes.${index}`]: `"${entry}" is not a country code: use a + and 1 to 4 digits, like +1 or +63` });
    }
    expect(await settingsOf()).not.toHaveProperty('sms_country_codes');

    const saved = await patch(['+1', '+44', '+6789']);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await settingsOf()).toMatchObject({ sms_country_codes: ['+1', '+44', '+6789'], payment_gateway: current.payment_gateway });
    // Without the key (admin_settings is replaced whole) the default applies again.
    expect((await patch(undefined)).statusCode).toBe(200);
    expect(await settingsOf()).not.toHaveProperty('sms_country_codes');
  });

  it("lets admins set and clear the storefront's hero image", async () => {
    const admin = await tokenFor(t.app, t.db, 'admin@kusina.test');
    const bad = await request(t.app, { method: 'PATCH', url: '/api/v1/admin/site_settings?restaurant_id=1', token: admin, payload: { hero_image_url: 'javascript:alert(1)' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields).toEqual({ hero_image_url: 'Use a /path or an https:// URL' });
    const set = await request(t.app, { method: 'PATCH', url: '/api/v1/admin/site_settings?restaurant_id=1', token: admin, payload: { hero_image_url: '/uploads/new-hero.webp' } });
    expect(set.json()).toEqual({ hero_image_url: '/uploads/new-hero.webp', spinner_image_url: null });
    expect((await t.app.inject({ url: '/api/v1/admin/site_settings?restaurant_id=1' })).json().hero_image_url).toBe('/uploads/new-hero.webp');
    const cleared = await request(t.app, { method: 'PATCH', url: '/api/v1/admin/site_settings?restaurant_id=1', token: admin, payload: { hero_image_url: '' } });
    expect(cleared.json().hero_image_url).toBeNull();
  });

  it('has health, info and OpenAPI', async () => {
    expect((await t.app.inject({ url: '/health' })).json()).toEqual({ status: 'ok' });
    const info = await t.app.inject({ url: '/api/info' });
    expect(info.json()).toMatchObject({ name: 'kusina', database: { status: 'ok' } });
    expect(info.headers['x-request-id']).toBeTruthy();
    const docs = await t.app.inject({ url: '/api/docs/json' });
    expect(docs.json().paths).toHaveProperty('/api/v1/restaurants/{id}');
  });

  it('sends the security headers on every answer (helmet; processors only when configured, security-headers.test.ts)', async () => {
    for (const url of ['/health', '/api/v1/menu', '/api/v1/nowhere']) {
      const { headers } = await t.app.inject({ url });
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(headers['strict-transport-security']).toContain('max-age=');
      expect(headers['content-security-policy']).toContain("script-src 'self';");
      expect(headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});
