import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestContext } from '../../test/build.ts';

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

  it('has health, info and OpenAPI', async () => {
    expect((await t.app.inject({ url: '/health' })).json()).toEqual({ status: 'ok' });
    const info = await t.app.inject({ url: '/api/info' });
    expect(info.json()).toMatchObject({ name: 'kusina', database: { status: 'ok' } });
    expect(info.headers['x-request-id']).toBeTruthy();
    const docs = await t.app.inject({ url: '/api/docs/json' });
    expect(docs.json().paths).toHaveProperty('/api/v1/restaurants/{id}');
  });

  it('sends the security headers on every answer (helmet, with the payment processors allowed)', async () => {
    for (const url of ['/health', '/api/v1/menu', '/api/v1/nowhere']) {
      const { headers } = await t.app.inject({ url });
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(headers['strict-transport-security']).toContain('max-age=');
      expect(headers['content-security-policy']).toContain("script-src 'self' https://js.stripe.com https://www.paypal.com");
      expect(headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});
