import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';

/**
 * Every management route (read from the OpenAPI document, so a route added later is covered): the
 * caller is checked before the body. A guest gets 401 and a customer or staff member 403 whatever
 * they send — an empty body, a body of the wrong shape — never a 400 describing the contract.
 */
describe('wholesale management API: who may call it, before what they send', () => {
  let t: TestContext;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await build();
    tokens.customer = await tokenFor(t.app, t.db, 'customer@kusina.test');
    tokens.staff = await tokenFor(t.app, t.db, 'staff@kusina.test');
    tokens.admin = await tokenFor(t.app, t.db, 'admin@kusina.test');
  });
  afterAll(() => t.close());

  function adminRoutes(): { method: string; url: string }[] {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    return Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/v1/wholesale/admin/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations)
          .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
          .map((m) => ({ method: m.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1') })),
      );
  }

  it('covers every route: guests 401, customers and staff 403, for an empty and a malformed body', async () => {
    const routes = adminRoutes();
    // The routes of the management screens, at least: fundraisers, participants, items, variants, uploads, orders, CSV, pick list, dashboard.
    expect(routes.length).toBeGreaterThanOrEqual(17);
    for (const route of routes) {
      const writes = route.method !== 'GET';
      for (const payload of writes ? [{}, { name: 42, price_cents: 'lots', status: 'nope' }] : [undefined]) {
        const asGuest = await request(t.app, { method: route.method as 'GET', url: route.url, ...(payload ? { payload } : {}) });
        expect(asGuest.statusCode, `${route.method} ${route.url} as a guest: ${asGuest.body}`).toBe(401);
        for (const role of ['customer', 'staff']) {
          const answer = await request(t.app, { method: route.method as 'GET', url: route.url, token: tokens[role], ...(payload ? { payload } : {}) });
          expect(answer.statusCode, `${route.method} ${route.url} as ${role}: ${answer.body}`).toBe(403);
        }
      }
    }
  });

  it('an admin posting {} is told which fields are missing (400 with the fields)', async () => {
    const answer = await request(t.app, { method: 'POST', url: '/api/v1/wholesale/admin/fundraisers', token: tokens.admin, payload: {} });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.details.fields).toHaveProperty('name');
  });
});
