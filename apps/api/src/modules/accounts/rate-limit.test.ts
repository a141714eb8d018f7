import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, DEMO_PASSWORD, request, type TestContext } from '../../test/build.ts';
import { signupBody } from './test-support.ts';

describe('accounts: per-IP rate limits', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  const from = (ip: string) => ({ remoteAddress: ip });

  it('answers the 4th login in a minute with 429 in the error shape', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await request(t.app, { method: 'POST', url: '/api/v1/auth/login', payload: { email: 'customer@kusina.test', password: DEMO_PASSWORD }, ...from('10.0.0.1') });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200]);
    const fourth = await request(t.app, { method: 'POST', url: '/api/v1/auth/login', payload: { email: 'customer@kusina.test', password: DEMO_PASSWORD }, ...from('10.0.0.1') });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many attempts. Please wait a minute and try again.',
        details: { retry_after_seconds: expect.any(Number) },
      },
    });
    expect(fourth.json().error.details.retry_after_seconds).toBeGreaterThan(0);
    expect(fourth.json().error.details.retry_after_seconds).toBeLessThanOrEqual(60);
    expect(fourth.headers['retry-after']).toBeDefined();

    // Another client is not held back, and other routes count separately.
    const otherIp = await request(t.app, { method: 'POST', url: '/api/v1/auth/login', payload: { email: 'customer@kusina.test', password: DEMO_PASSWORD }, ...from('10.0.0.2') });
    expect(otherIp.statusCode).toBe(200);
    const forgot = await request(t.app, { method: 'POST', url: '/api/v1/password/forgot', payload: { email: 'x@example.com' }, ...from('10.0.0.1') });
    expect(forgot.statusCode).toBe(200);
  });

  it('limits failed guesses too, before they reach the password check', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await request(t.app, { method: 'POST', url: '/api/v1/auth/login', payload: { email: 'customer@kusina.test', password: 'guess' }, ...from('10.0.0.3') });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('limits signup, forgot, reset, verify_phone and resend_code', async () => {
    const login = await request(t.app, { method: 'POST', url: '/api/v1/auth/login', payload: { email: 'staff@kusina.test', password: DEMO_PASSWORD }, ...from('10.0.0.9') });
    const token: string = login.json().jwt;
    const calls = [
      { method: 'POST' as const, url: '/api/v1/auth/signup', payload: signupBody({ email: 'not-an-email' }) },
      { method: 'POST' as const, url: '/api/v1/password/forgot', payload: { email: 'someone@example.com' } },
      { method: 'PATCH' as const, url: '/api/v1/password/reset', payload: { email: 'a@b.c', token: 'x', new_password: 'Long-enough-1', new_password_confirmation: 'Long-enough-1' } },
      { method: 'POST' as const, url: '/api/v1/auth/verify_phone', payload: { code: '123456' }, token },
      { method: 'POST' as const, url: '/api/v1/auth/resend_code', token },
    ];
    for (const [index, call] of calls.entries()) {
      const ip = `10.0.1.${index + 1}`;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await request(t.app, { ...call, ...from(ip) })).statusCode);
      expect(statuses.slice(0, 3), call.url).not.toContain(429);
      expect(statuses[3], call.url).toBe(429);
    }
  });

  it('does not limit ordinary reads', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await request(t.app, { url: '/api/v1/restaurants/1', ...from('10.0.2.1') })).statusCode).toBe(200);
    }
  });
});

/** X-Forwarded-For is any client's to write: it names the client only behind configured proxies (TRUST_PROXY). */
describe('accounts: the rate limit and X-Forwarded-For', () => {
  const login = (app: TestContext['app'], forwardedFor: string) =>
    request(app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'customer@kusina.test', password: 'a guess' },
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress: '10.0.3.1',
    });

  it('without TRUST_PROXY, a new X-Forwarded-For per request does not reset the sign-in limit', async () => {
    const t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await login(t.app, `203.0.113.${i + 1}`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY naming the proxy, each forwarded client has its own limit', async () => {
    const t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '10.0.3.1' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await login(t.app, '203.0.113.50')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect((await login(t.app, '203.0.113.51')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
