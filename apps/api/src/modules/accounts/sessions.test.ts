import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { CROSS_SITE_MESSAGE, SESSION_COOKIE } from '../../plugins/auth.ts';
import { build, DEMO_PASSWORD, request, tokenFor, type TestContext } from '../../test/build.ts';
import { listen, realtimeClients, until, type RealtimeClients } from '../../test/realtime.ts';
import { latestResetLink, PASSWORD, signUp, uniqueEmail } from './test-support.ts';

/** Decision 0084: the browser's session is an httpOnly cookie, its writes are checked by origin, its lifetime depends on the role, and its end closes its sockets everywhere. */

const SITE = 'kusina.test';
const sameSite = { host: SITE, origin: `http://${SITE}` };

interface SetCookie {
  value: string;
  attributes: Map<string, string | true>;
}

function sessionCookieOf(response: { headers: Record<string, unknown> }): SetCookie {
  const header = response.headers['set-cookie'];
  const lines = (Array.isArray(header) ? header : [header]).filter((line): line is string => typeof line === 'string');
  const line = lines.find((l) => l.startsWith(`${SESSION_COOKIE}=`));
  if (!line) throw new Error(`no ${SESSION_COOKIE} cookie in ${JSON.stringify(header)}`);
  const [pair, ...rest] = line.split(';').map((part) => part.trim());
  const attributes = new Map<string, string | true>();
  for (const part of rest) {
    const at = part.indexOf('=');
    attributes.set((at < 0 ? part : part.slice(0, at)).toLowerCase(), at < 0 ? true : part.slice(at + 1));
  }
  return { value: pair!.slice(SESSION_COOKIE.length + 1), attributes };
}

async function login(t: TestContext, email: string, password = DEMO_PASSWORD) {
  const response = await request(t.app, { method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, headers: sameSite });
  expect(response.statusCode, response.body).toBe(200);
  return { response, cookie: sessionCookieOf(response).value, jwt: response.json().jwt as string };
}

const withCookie = (cookie: string, headers: Record<string, string> = sameSite) => ({ ...headers, cookie: `theme=dark; ${SESSION_COOKIE}=${cookie}` });

describe('sessions: the cookie and CSRF', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('login answers with an httpOnly, SameSite=Lax session cookie (not Secure on plain http) that signs the browser in', async () => {
    const { response, cookie } = await login(t, 'customer@kusina.test');
    const set = sessionCookieOf(response);
    expect(set.attributes.get('httponly')).toBe(true);
    expect(set.attributes.get('samesite')).toBe('Lax');
    expect(set.attributes.get('path')).toBe('/');
    expect(set.attributes.has('secure')).toBe(false);
    // A customer's cookie lasts as long as the session may (90 days by default; the server slides within it).
    expect(set.attributes.get('max-age')).toBe(String(90 * 86_400));

    const profile = await request(t.app, { url: '/api/v1/profile', headers: withCookie(cookie) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().email).toBe('customer@kusina.test');
  });

  it('signup and password reset sign the browser in with the cookie too', async () => {
    const signup = await request(t.app, {
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: sameSite,
      payload: { first_name: 'Ana', last_name: 'Cruz', email: uniqueEmail(), phone: '+16715551234', password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(signup.statusCode).toBe(201);
    expect(sessionCookieOf(signup).attributes.get('httponly')).toBe(true);

    const { user } = await signUp(t.app);
    expect((await request(t.app, { method: 'POST', url: '/api/v1/password/forgot', payload: { email: user.email } })).statusCode).toBe(200);
    const link = await latestResetLink(t.db, user.id);
    const reset = await request(t.app, {
      method: 'PATCH',
      url: '/api/v1/password/reset',
      headers: sameSite,
      payload: { email: user.email, token: link.searchParams.get('token'), new_password: 'New-Password-77', new_password_confirmation: 'New-Password-77' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const cookie = sessionCookieOf(reset).value;
    expect((await request(t.app, { url: '/api/v1/profile', headers: withCookie(cookie) })).json().email).toBe(user.email);
  });

  it('a cross-site write with the cookie is refused (403) and changes nothing; the same write from the site itself succeeds', async () => {
    const { cookie } = await login(t, 'customer@kusina.test');
    const update = (headers: Record<string, string>, first_name: string) =>
      request(t.app, { method: 'PATCH', url: '/api/v1/profile', headers, payload: { user: { first_name } } });

    for (const headers of [
      withCookie(cookie, { host: SITE, origin: 'https://evil.example' }),
      withCookie(cookie, { host: SITE, origin: 'null' }),
      withCookie(cookie, { host: SITE, referer: 'https://evil.example/page' }),
      withCookie(cookie, { host: SITE, origin: 'http://kusina.test.evil.example' }),
    ]) {
      const refused = await update(headers, 'Mallory');
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json()).toEqual({ error: { code: 'FORBIDDEN', message: CROSS_SITE_MESSAGE } });
    }
    const logoutAttempt = await request(t.app, { method: 'POST', url: '/api/v1/auth/logout', headers: withCookie(cookie, { host: SITE, origin: 'https://evil.example' }) });
    expect(logoutAttempt.statusCode).toBe(403);
    expect((await request(t.app, { url: '/api/v1/profile', headers: withCookie(cookie) })).json().first_name).not.toBe('Mallory');

    const same = await update(withCookie(cookie), 'Maria');
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().first_name).toBe('Maria');
    const byReferer = await update(withCookie(cookie, { host: SITE, referer: `http://${SITE}/profile` }), 'Maria');
    expect(byReferer.statusCode).toBe(200);
    // PUBLIC_URL's origin is the site's own (a proxy may present another Host).
    const byPublicUrl = await update(withCookie(cookie, { host: 'internal:3000', origin: t.config.publicUrl }), 'Maria');
    expect(byPublicUrl.statusCode).toBe(200);
    // Naming no page at all is no browser's cross-site write (browsers name the origin of every one):
    // a script or API client keeping its cookies.
    expect((await update(withCookie(cookie, { host: SITE }), 'Maria')).statusCode).toBe(200);
  });

  it('an API client with a bearer token needs no origin, and writes without any session are not judged by origin', async () => {
    const { jwt } = await login(t, 'customer@kusina.test');
    const update = await request(t.app, { method: 'PATCH', url: '/api/v1/profile', token: jwt, payload: { user: { first_name: 'Maria' } } });
    expect(update.statusCode).toBe(200);
    const guest = await request(t.app, { method: 'POST', url: '/api/v1/auth/login', headers: { origin: 'https://evil.example' }, payload: { email: 'customer@kusina.test', password: 'wrong-password' } });
    expect(guest.statusCode).toBe(401);
  });

  it('logout ends the session and clears the cookie', async () => {
    const { cookie } = await login(t, 'customer@kusina.test');
    const out = await request(t.app, { method: 'POST', url: '/api/v1/auth/logout', headers: withCookie(cookie) });
    expect(out.statusCode).toBe(204);
    const cleared = sessionCookieOf(out);
    expect(cleared.value).toBe('');
    expect(cleared.attributes.get('max-age')).toBe('0');
    expect((await request(t.app, { url: '/api/v1/profile', headers: withCookie(cookie) })).statusCode).toBe(401);
  });

  it('the cookie is Secure when the site is served over https (PUBLIC_URL), or when COOKIE_SECURE says so', async () => {
    const https = await build({ PUBLIC_URL: 'https://order.kusina.example' }, { databaseUrl: t.databaseUrl });
    try {
      const { response } = await login(https, 'customer@kusina.test');
      expect(sessionCookieOf(response).attributes.get('secure')).toBe(true);
    } finally {
      await https.close();
    }
    const forced = await build({ COOKIE_SECURE: 'true' }, { databaseUrl: t.databaseUrl });
    try {
      const { response } = await login(forced, 'customer@kusina.test');
      expect(sessionCookieOf(response).attributes.get('secure')).toBe(true);
    } finally {
      await forced.close();
    }
  });
});

describe('sessions: lifetimes per role, on the app clock', () => {
  let t: TestContext;
  let now = new Date();
  const later = (minutes: number) => {
    now = new Date(now.getTime() + minutes * 60_000);
  };
  const profileStatus = async (cookie: string) => (await request(t.app, { url: '/api/v1/profile', headers: withCookie(cookie) })).statusCode;

  beforeAll(async () => {
    t = await build({}, { now: () => now });
  });
  afterAll(() => t.close());

  it("a staff session lasts a shift: used every 110 minutes it lives 12 hours, and not a minute more", async () => {
    const { response, cookie } = await login(t, 'staff@kusina.test');
    expect(sessionCookieOf(response).attributes.get('max-age')).toBe(String(12 * 3_600));
    for (let used = 0; used + 110 < 12 * 60; used += 110) {
      later(110);
      expect(await profileStatus(cookie)).toBe(200);
    }
    later(12 * 60 - Math.floor((12 * 60) / 110) * 110 + 1);
    expect(await profileStatus(cookie)).toBe(401);
  });

  it('a staff or admin session unused for two hours has ended', async () => {
    for (const email of ['staff@kusina.test', 'admin@kusina.test']) {
      const { cookie } = await login(t, email);
      later(119);
      expect(await profileStatus(cookie)).toBe(200);
      later(119);
      expect(await profileStatus(cookie)).toBe(200);
      later(121);
      expect(await profileStatus(cookie)).toBe(401);
    }
  });

  it('the super admin gets less: 30 minutes unused, 4 hours in all', async () => {
    const first = await login(t, 'super@kusina.test');
    expect(sessionCookieOf(first.response).attributes.get('max-age')).toBe(String(4 * 3_600));
    later(31);
    expect(await profileStatus(first.cookie)).toBe(401);

    const second = await login(t, 'super@kusina.test');
    for (let used = 0; used + 25 < 4 * 60; used += 25) {
      later(25);
      expect(await profileStatus(second.cookie)).toBe(200);
    }
    later(4 * 60 - Math.floor((4 * 60) / 25) * 25 + 1);
    expect(await profileStatus(second.cookie)).toBe(401);
  });

  it('a customer stays signed in for weeks while they come back (sliding), and is signed out after 30 days away', async () => {
    const returning = await login(t, 'customer@kusina.test');
    for (let visit = 0; visit < 3; visit++) {
      later(28 * 24 * 60);
      expect(await profileStatus(returning.cookie)).toBe(200);
    }
    const away = await login(t, 'customer@kusina.test');
    later(29 * 24 * 60);
    expect(await profileStatus(away.cookie)).toBe(200);
    const gone = await login(t, 'customer@kusina.test');
    later(30 * 24 * 60 + 1);
    expect(await profileStatus(gone.cookie)).toBe(401);
  });

  it('requests within a minute of the last recorded use write nothing', async () => {
    const { cookie, jwt } = await login(t, 'customer@kusina.test');
    const sessionId = t.app.tokens.verify(jwt)!;
    const seen = async () => (await t.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, sessionId)))[0]!.at.getTime();
    const signedInAt = await seen();
    for (let i = 0; i < 5; i++) expect(await profileStatus(cookie)).toBe(200);
    expect(await seen()).toBe(signedInAt);
    later(2);
    expect(await profileStatus(cookie)).toBe(200);
    expect(await seen()).toBe(now.getTime());
  });
});

describe('sessions: an open live connection is a use', () => {
  let t: TestContext;
  let clients: RealtimeClients;
  let now = new Date();
  const later = (minutes: number) => {
    now = new Date(now.getTime() + minutes * 60_000);
  };

  beforeAll(async () => {
    t = await build({}, { now: () => now });
    clients = realtimeClients(await listen(t));
  });
  afterAll(async () => {
    clients.closeAll();
    await t.close();
  });

  it("a staff board that only listens stays signed in past the idle limit while its connection is open, and idles out once it closes", async () => {
    const jwt = await tokenFor(t.app, t.db, 'staff@kusina.test');
    const idle = await tokenFor(t.app, t.db, 'staff@kusina.test');
    const board = await clients.open(jwt);
    expect(await clients.subscribe(board, { channel: 'staff', restaurant_id: 1 })).toMatchObject({ ok: true });
    // Five hours with no request from the page, only the open connection (the sweep runs each minute).
    for (let hour = 0; hour < 5; hour++) {
      later(60);
      await t.app.realtime.sweepSessions();
    }
    expect(board.connected).toBe(true);
    // Another session of the same person, unused all that time, has ended.
    expect((await request(t.app, { url: '/api/v1/profile', token: idle })).statusCode).toBe(401);
    expect((await request(t.app, { url: '/api/v1/profile', token: jwt })).statusCode).toBe(200);

    board.disconnect();
    later(121);
    expect((await request(t.app, { url: '/api/v1/profile', token: jwt })).statusCode).toBe(401);
  });
});

describe('sessions: their end closes their sockets, on every node', () => {
  let a: TestContext;
  let b: TestContext;
  let clientsA: RealtimeClients;
  let clientsB: RealtimeClients;

  beforeAll(async () => {
    a = await build({}, { crossNode: true });
    // Nodes of one deployment share the secret that signs tokens (JWT_SECRET).
    b = await build({ JWT_SECRET: a.config.JWT_SECRET! }, { databaseUrl: a.databaseUrl, crossNode: true });
    clientsA = realtimeClients(await listen(a));
    clientsB = realtimeClients(await listen(b));
    const serverCount = (node: TestContext) => node.app.realtime.io.of('/').adapter.serverCount();
    const deadline = Date.now() + 15_000;
    while ((await serverCount(a)) !== 2 || (await serverCount(b)) !== 2) {
      if (Date.now() > deadline) throw new Error('the two nodes never met');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 60_000);
  afterAll(async () => {
    clientsA.closeAll();
    clientsB.closeAll();
    await b.close();
    await a.close();
  });

  const disconnected = (socket: Socket) => {
    let gone = false;
    socket.on('disconnect', () => (gone = true));
    return () => gone;
  };

  it('after logout on one node, the session socket on the other is closed and the session cannot join the staff room again', async () => {
    const { jwt } = await login(a, 'staff@kusina.test');
    const socket = await clientsB.open(jwt);
    expect(await clientsB.subscribe(socket, { channel: 'staff', restaurant_id: 1 })).toMatchObject({ ok: true });
    const gone = disconnected(socket);

    expect((await request(a.app, { method: 'POST', url: '/api/v1/auth/logout', token: jwt })).statusCode).toBe(204);
    await until(gone, "the logged-out session's socket on the other node to close");

    // The same token again: a guest socket that the staff room refuses.
    const again = await clientsB.open(jwt);
    expect(await clientsB.subscribe(again, { channel: 'staff', restaurant_id: 1 })).toMatchObject({ ok: false });
  });

  it("a socket's session is asked again on every subscribe: one ended behind its back joins nothing and is closed", async () => {
    const jwt = await tokenFor(a.app, a.db, 'staff@kusina.test');
    const socket = await clientsA.open(jwt);
    expect(await clientsA.subscribe(socket, { channel: 'staff', restaurant_id: 1 })).toMatchObject({ ok: true });
    const gone = disconnected(socket);
    // Ended in the database only: no app code told the sockets.
    await a.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, a.app.tokens.verify(jwt)!));
    expect(await clientsA.subscribe(socket, { channel: 'staff', restaurant_id: 1 })).toEqual({ ok: false, error: 'Your session has ended. Please sign in again.' });
    await until(gone, 'the socket to close');
  });

  it("a password reset closes every socket of the account's earlier sessions, on both nodes", async () => {
    const [staff] = await a.db.select().from(users).where(eq(users.email, 'staff@kusina.test'));
    const first = await clientsA.open(await tokenFor(a.app, a.db, staff!.email));
    const second = await clientsB.open(await tokenFor(b.app, b.db, staff!.email));
    for (const [clients, socket] of [[clientsA, first], [clientsB, second]] as const) {
      expect(await clients.subscribe(socket, { channel: 'staff', restaurant_id: 1 })).toMatchObject({ ok: true });
    }
    const gone = [disconnected(first), disconnected(second)];
    expect((await request(a.app, { method: 'POST', url: '/api/v1/password/forgot', payload: { email: staff!.email } })).statusCode).toBe(200);
    const link = await latestResetLink(a.db, staff!.id);
    const reset = await request(a.app, {
      method: 'PATCH',
      url: '/api/v1/password/reset',
      payload: { email: staff!.email, token: link.searchParams.get('token'), new_password: DEMO_PASSWORD, new_password_confirmation: DEMO_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await until(() => gone.every((check) => check()), 'both sockets to close');
  });

  it("a role change ends the person's sessions at once (even made in SQL), and the sweep closes their open sockets", async () => {
    const [staff] = await a.db.select().from(users).where(eq(users.email, 'staff@kusina.test'));
    const email = uniqueEmail('cook');
    await a.db.insert(users).values({ restaurantId: 1, email, firstName: 'Kai', lastName: 'Cook', passwordHash: staff!.passwordHash, role: 'staff' });
    const jwt = await tokenFor(a.app, a.db, email);
    const socket = await clientsB.open(jwt);
    expect(await clientsB.subscribe(socket, { channel: 'staff', restaurant_id: 1 })).toMatchObject({ ok: true });
    const gone = disconnected(socket);

    await a.db.update(users).set({ role: 'customer' }).where(eq(users.email, email));
    expect((await request(a.app, { url: '/api/v1/profile', token: jwt })).statusCode).toBe(401);
    await b.app.realtime.sweepSessions();
    await until(gone, 'the socket of the changed role to close');
  });

  it('the handshake takes the cookie from the site itself, and not from another site', async () => {
    const { cookie } = await login(a, 'staff@kusina.test');
    const { io } = await import('socket.io-client');
    const open = async (origin: string) => {
      const socket = io(clientsA.base, { transports: ['websocket'], forceNew: true, extraHeaders: { cookie: `${SESSION_COOKIE}=${cookie}`, origin } });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    };
    const own = await open(clientsA.base);
    const foreign = await open('https://evil.example');
    try {
      expect(await clientsA.subscribe(own, { channel: 'staff', restaurant_id: 1 })).toMatchObject({ ok: true });
      expect(await clientsA.subscribe(foreign, { channel: 'staff', restaurant_id: 1 })).toMatchObject({ ok: false });
    } finally {
      own.disconnect();
      foreign.disconnect();
    }
  });
});
