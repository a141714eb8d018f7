import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestContext } from '../test/build.ts';

/** The CSP's directives of an answer, by name. */
function directives(csp: string | undefined): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('the content security policy (issue #33, decision 0086)', () => {
  let bare: TestContext;
  let processors: TestContext;
  beforeAll(async () => {
    bare = await build();
    processors = await build(
      { STRIPE_SECRET_KEY: 'sk_test_x', PAYPAL_CLIENT_ID: 'client', PAYPAL_CLIENT_SECRET: 'secret', IMAGE_ORIGINS: 'https://images.kusina.example' },
      { databaseUrl: bare.databaseUrl },
    );
  });
  afterAll(async () => {
    await processors?.close();
    await bare?.close();
  });

  it('allows connections and images only from the app when no processor is configured', async () => {
    for (const url of ['/', '/menu', '/api/v1/menu', '/health']) {
      const response = await bare.app.inject({ url, headers: { host: 'order.kusina.example' } });
      const csp = directives(response.headers['content-security-policy'] as string);
      expect(csp.get('connect-src'), url).toEqual(["'self'", 'ws://order.kusina.example', 'wss://order.kusina.example']);
      expect(csp.get('img-src'), url).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('frame-src'), url).toEqual(["'self'"]);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
    }
  });

  it('adds each configured processor and the listed image origins, and never a blanket https:', async () => {
    const response = await processors.app.inject({ url: '/api/v1/menu', headers: { host: 'localhost:3000' } });
    const csp = directives(response.headers['content-security-policy'] as string);
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:3000', 'wss://localhost:3000', 'https://api.stripe.com', 'https://www.paypal.com', 'https://*.paypal.com']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://images.kusina.example', 'https://*.stripe.com', 'https://*.paypal.com', 'https://*.paypalobjects.com']);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://www.paypal.com']);
    for (const values of csp.values()) {
      expect(values).not.toContain('https:');
      expect(values).not.toContain('ws:');
      expect(values).not.toContain('wss:');
    }
  });

  it('writes no source from a Host header that is not a plain host', async () => {
    const response = await bare.app.inject({ url: '/health', headers: { host: "evil.example; script-src *" } });
    const csp = directives(response.headers['content-security-policy'] as string);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });
});

describe('the API documentation (API_DOCS)', () => {
  const production = { NODE_ENV: 'production', MESSAGES_OUTBOX_ONLY: 'true' };
  let live: TestContext;
  let configured: TestContext;
  let development: TestContext;
  beforeAll(async () => {
    live = await build(production);
    configured = await build({ ...production, API_DOCS: 'true' }, { databaseUrl: live.databaseUrl });
    development = await build({ NODE_ENV: 'development' }, { databaseUrl: live.databaseUrl });
  });
  afterAll(async () => {
    await development?.close();
    await configured?.close();
    await live?.close();
  });

  it('is not served in production on an external database unless configured', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const response = await live.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('/api/v1/restaurants');
    }
  });

  it('is served where configured, and by default in development', async () => {
    for (const app of [configured.app, development.app]) {
      const docs = await app.inject({ url: '/api/docs/json' });
      expect(docs.statusCode).toBe(200);
      expect(docs.json().paths).toHaveProperty('/api/v1/restaurants/{id}');
      expect((await app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
    }
  });
});
