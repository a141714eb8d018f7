import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages } from '@kusina/domain/messages';
import { phoneRuleMessage } from '@kusina/domain/phone-rules';
import { notifications, phoneVerificationCodes, sessions, users } from '../../db/schema/index.ts';
import { build, DEMO_PASSWORD, request, type TestContext } from '../../test/build.ts';
import { latestCode, latestMessage, loginAs, PASSWORD, signUp, signupBody, uniqueEmail } from './test-support.ts';

describe('accounts: signup, login, logout, profile', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  describe('POST /auth/signup', () => {
    it('creates an unverified customer of the storefront restaurant, signs in and texts a code', async () => {
      const body = signupBody({ email: '  Lani.Santos@Example.COM ' });
      const response = await request(t.app, { method: 'POST', url: '/api/v1/auth/signup', payload: body });
      expect(response.statusCode).toBe(201);
      const result = response.json();
      expect(result.jwt).toEqual(expect.any(String));
      expect(result.user).toEqual({
        id: expect.any(Number),
        email: 'lani.santos@example.com',
        first_name: 'Lani',
        last_name: 'Santos',
        name: 'Lani Santos',
        phone: '+16715551234',
        phone_verified: false,
        role: 'customer',
        restaurant_id: 1,
      });

      const [row] = await t.db.select().from(users).where(eq(users.id, result.user.id));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

      const message = await latestMessage(t.db, result.user.id, 'phone_code');
      expect(message).toMatchObject({ channel: 'sms', recipient: '+16715551234', restaurantId: 1 });
      expect(await latestCode(t.db, result.user.id)).toMatch(/^\d{6}$/);

      const profile = await request(t.app, { url: '/api/v1/profile', token: result.jwt });
      expect(profile.statusCode).toBe(200);
      expect(profile.json().email).toBe('lani.santos@example.com');
    });

    it('signs up at the restaurant named in the payload', async () => {
      const result = await signUp(t.app, { restaurant_id: 2 });
      expect(result.user.restaurant_id).toBe(2);
      expect((await latestMessage(t.db, result.user.id, 'phone_code')).restaurantId).toBe(2);
    });

    it('names every missing field', async () => {
      const response = await request(t.app, { method: 'POST', url: '/api/v1/auth/signup', payload: {} });
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(error.details.fields).sort()).toEqual(
        ['email', 'first_name', 'last_name', 'password', 'password_confirmation', 'phone'].sort(),
      );
      expect(error.details.fields.first_name).toBe('First name is required');
    });

    it("holds the phone to the spec's rule, with the spec's message", async () => {
      for (const phone of ['6715551234', '+167155512', '+81 12', '+12345678901234']) {
        const response = await request(t.app, { method: 'POST', url: '/api/v1/auth/signup', payload: signupBody({ phone }) });
        expect(response.statusCode, phone).toBe(400);
        expect(response.json().error.details.fields.phone).toBe(phoneRuleMessage());
        expect(response.json().error.details.fields.phone).toBe('Phone must be + (3 or 4 digit area code) + 7 digits, e.g. +16711234567');
      }
      // Trimmed, and a 4-digit area code is fine.
      const ok = await signUp(t.app, { phone: ' +18081234567 ' });
      expect(ok.user.phone).toBe('+18081234567');
      // A valid international number passes too, stored as E.164 (issue #21: visitors from Japan and Korea).
      const spaced = await signUp(t.app, { email: 'spaced@example.com', phone: '+1 671 555 1234' });
      expect(spaced.user.phone).toBe('+16715551234');
      const japan = await signUp(t.app, { email: 'japan@example.jp', phone: '+81 90-1234-5678' });
      expect(japan.user.phone).toBe('+819012345678');
    });

    it('rejects mismatched passwords', async () => {
      const response = await request(t.app, {
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: signupBody({ password_confirmation: 'Something-else-1' }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details.fields).toEqual({ password_confirmation: AccountMessages.passwordsDoNotMatch });
    });

    it('answers a taken e-mail with 409 on the email field, and creates nothing', async () => {
      const response = await request(t.app, {
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: signupBody({ email: 'Customer@Kusina.test' }),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: {
          code: 'CONFLICT',
          message: 'An account with this email already exists.',
          details: { fields: { email: 'An account with this email already exists.' } },
        },
      });
    });

    it('lets only one of two parallel signups with one e-mail through', async () => {
      const email = uniqueEmail('race');
      const [a, b] = await Promise.all(
        [0, 1].map(() => request(t.app, { method: 'POST', url: '/api/v1/auth/signup', payload: signupBody({ email }) })),
      );
      expect([a?.statusCode, b?.statusCode].sort()).toEqual([201, 409]);
      const rows = await t.db.select().from(users).where(eq(users.email, email));
      expect(rows).toHaveLength(1);
      const texts = await t.db.select().from(notifications).where(eq(notifications.userId, rows[0]?.id ?? 0));
      expect(texts).toHaveLength(1);
    });

    it('answers an unknown restaurant with a 422 field error', async () => {
      const email = uniqueEmail();
      const response = await request(t.app, { method: 'POST', url: '/api/v1/auth/signup', payload: signupBody({ email, restaurant_id: 999 }) });
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Unknown restaurant.',
        details: { fields: { restaurant_id: 'Unknown restaurant.' } },
      });
      expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    });
  });

  describe('POST /auth/login', () => {
    it('signs a demo account in', async () => {
      const response = await request(t.app, { method: 'POST', url: '/api/v1/auth/login', payload: { email: 'ADMIN@kusina.test', password: DEMO_PASSWORD } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ jwt: expect.any(String), user: { email: 'admin@kusina.test', role: 'admin', restaurant_id: 1, phone_verified: true } });
    });

    it('answers a wrong password and an unknown e-mail with the same 401', async () => {
      for (const payload of [
        { email: 'customer@kusina.test', password: 'wrong-password' },
        { email: 'nobody@kusina.test', password: DEMO_PASSWORD },
      ]) {
        const response = await request(t.app, { method: 'POST', url: '/api/v1/auth/login', payload });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Invalid email or password. Please try again.' } });
      }
    });

    it('names the missing fields', async () => {
      const response = await request(t.app, { method: 'POST', url: '/api/v1/auth/login', payload: {} });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details.fields).toEqual({ email: 'Email is required', password: 'Password is required' });
    });
  });

  describe('POST /auth/logout', () => {
    it('revokes the session: the old token gets 401 everywhere, other sessions live on', async () => {
      const first = await loginAs(t.app, 'staff@kusina.test', DEMO_PASSWORD);
      const second = await loginAs(t.app, 'staff@kusina.test', DEMO_PASSWORD);
      const out = await request(t.app, { method: 'POST', url: '/api/v1/auth/logout', token: first });
      expect(out.statusCode).toBe(204);
      expect(out.body).toBe('');

      for (const call of [
        { method: 'GET' as const, url: '/api/v1/profile' },
        { method: 'POST' as const, url: '/api/v1/auth/logout' },
        { method: 'POST' as const, url: '/api/v1/auth/resend_code' },
      ]) {
        const response = await request(t.app, { ...call, token: first });
        expect(response.statusCode, call.url).toBe(401);
        expect(response.json().error.code).toBe('UNAUTHORIZED');
      }
      expect((await request(t.app, { url: '/api/v1/profile', token: second })).statusCode).toBe(200);
    });

    it('needs a token', async () => {
      expect((await request(t.app, { method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(401);
    });
  });

  describe('/profile', () => {
    it('needs a signed-in user', async () => {
      expect((await request(t.app, { url: '/api/v1/profile' })).statusCode).toBe(401);
      expect((await request(t.app, { url: '/api/v1/profile', token: 'not-a-token' })).statusCode).toBe(401);
      const patch = await request(t.app, { method: 'PATCH', url: '/api/v1/profile', payload: { user: { first_name: 'X' } } });
      expect(patch.statusCode).toBe(401);
    });

    it('reads the signed-in user', async () => {
      const token = await loginAs(t.app, 'customer@kusina.test', DEMO_PASSWORD);
      const response = await request(t.app, { url: '/api/v1/profile', token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: expect.any(Number),
        email: 'customer@kusina.test',
        first_name: 'Maria',
        last_name: 'Cruz',
        name: 'Maria Cruz',
        phone: '+16715550103',
        phone_verified: true,
        role: 'customer',
        restaurant_id: 1,
      });
    });

    it('updates names and e-mail partially and keeps a verified phone verified', async () => {
      const { jwt, user } = await signUp(t.app);
      await t.db.update(users).set({ phoneVerified: true }).where(eq(users.id, user.id));
      const newEmail = uniqueEmail('renamed');
      const response = await request(t.app, {
        method: 'PATCH',
        url: '/api/v1/profile',
        token: jwt,
        payload: { user: { first_name: ' Leilani ', email: newEmail.toUpperCase(), phone: user.phone, current_password: PASSWORD } },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ first_name: 'Leilani', last_name: 'Santos', email: newEmail, phone_verified: true });
      expect(await loginAs(t.app, newEmail, PASSWORD)).toEqual(expect.any(String));
      // The signup code, and a word to the old address; the unchanged phone hears nothing.
      const sent = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
      expect(sent.map((m) => [m.template, m.recipient])).toEqual([
        ['phone_code', user.phone],
        ['email_changed', user.email],
      ]);
    });

    it('changes the e-mail only with the current password, and tells the old address (issue #33)', async () => {
      const { jwt, user } = await signUp(t.app);
      const newEmail = uniqueEmail('moved');
      const patch = (extra: Record<string, unknown>) => request(t.app, { method: 'PATCH', url: '/api/v1/profile', token: jwt, payload: { user: { email: newEmail, ...extra } } });

      const missing = await patch({});
      expect(missing.statusCode).toBe(422);
      expect(missing.json().error.details).toEqual({ fields: { current_password: AccountMessages.currentPasswordRequired } });
      const wrong = await patch({ current_password: 'not my password' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().error.details).toEqual({ fields: { current_password: AccountMessages.currentPasswordWrong } });
      expect((await request(t.app, { url: '/api/v1/profile', token: jwt })).json().email).toBe(user.email);
      expect(await t.db.select().from(notifications).where(and(eq(notifications.template, 'email_changed'), eq(notifications.userId, user.id)))).toEqual([]);

      // Names change freely; so does an "update" that keeps the same e-mail.
      const rename = await request(t.app, { method: 'PATCH', url: '/api/v1/profile', token: jwt, payload: { user: { last_name: 'Reyes', email: user.email } } });
      expect(rename.statusCode).toBe(200);

      const ok = await patch({ current_password: PASSWORD });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().email).toBe(newEmail);
      const [told] = await t.db.select().from(notifications).where(and(eq(notifications.template, 'email_changed'), eq(notifications.userId, user.id)));
      expect(told).toMatchObject({ channel: 'email', recipient: user.email, userId: user.id });
      expect(told!.body).toContain('If you did not make this change, reset your password');
    });

    it('changes the phone only with the current password, and texts the old number', async () => {
      const { jwt, user } = await signUp(t.app);
      const missing = await request(t.app, { method: 'PATCH', url: '/api/v1/profile', token: jwt, payload: { user: { phone: '+16719997777' } } });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().error.details.fields).toHaveProperty('current_password');
      const ok = await request(t.app, { method: 'PATCH', url: '/api/v1/profile', token: jwt, payload: { user: { phone: '+16719997777', current_password: PASSWORD } } });
      expect(ok.statusCode).toBe(200);
      const [told] = await t.db.select().from(notifications).where(and(eq(notifications.template, 'phone_changed'), eq(notifications.userId, user.id)));
      expect(told).toMatchObject({ channel: 'sms', recipient: user.phone, userId: user.id });
    });

    it('marks a new phone unverified and texts it a new code', async () => {
      const { jwt, user } = await signUp(t.app);
      await t.db.update(users).set({ phoneVerified: true }).where(eq(users.id, user.id));
      // The signup code was sent over a minute ago, so the new number gets its code at once.
      await t.db
        .update(phoneVerificationCodes)
        .set({ createdAt: sql`now() - interval '2 minutes'` })
        .where(eq(phoneVerificationCodes.userId, user.id));
      const response = await request(t.app, { method: 'PATCH', url: '/api/v1/profile', token: jwt, payload: { user: { phone: '+16719998888', current_password: PASSWORD } } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ phone: '+16719998888', phone_verified: false });
      const message = await latestMessage(t.db, user.id, 'phone_code');
      expect(message.recipient).toBe('+16719998888');

      const verify = await request(t.app, { method: 'POST', url: '/api/v1/auth/verify_phone', token: jwt, payload: { code: await latestCode(t.db, user.id) } });
      expect(verify.statusCode).toBe(200);
      expect(verify.json().user).toMatchObject({ phone: '+16719998888', phone_verified: true });
    });

    it('keeps the resend cooldown when the phone changes again within a minute', async () => {
      const { jwt, user } = await signUp(t.app);
      const first = await request(t.app, { method: 'PATCH', url: '/api/v1/profile', token: jwt, payload: { user: { phone: '+16719998881', current_password: PASSWORD } } });
      expect(first.statusCode).toBe(200);
      const second = await request(t.app, { method: 'PATCH', url: '/api/v1/profile', token: jwt, payload: { user: { phone: '+16719998882', current_password: PASSWORD } } });
      expect(second.json()).toMatchObject({ phone: '+16719998882', phone_verified: false });
      // Only the signup code went out: saving the profile is no way around the cooldown.
      const codes = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
      expect(codes.filter((m) => m.template === 'phone_code').map((m) => m.recipient)).toEqual([user.phone]);

      const early = await request(t.app, { method: 'POST', url: '/api/v1/auth/resend_code', token: jwt });
      expect(early.statusCode).toBe(429);
      await t.db
        .update(phoneVerificationCodes)
        .set({ createdAt: sql`now() - interval '2 minutes'` })
        .where(eq(phoneVerificationCodes.userId, user.id));
      const resend = await request(t.app, { method: 'POST', url: '/api/v1/auth/resend_code', token: jwt });
      expect(resend.statusCode).toBe(200);
      expect((await latestMessage(t.db, user.id, 'phone_code')).recipient).toBe('+16719998882');
    });

    it('refuses an e-mail that belongs to someone else, and a bad phone', async () => {
      const { jwt } = await signUp(t.app);
      const taken = await request(t.app, { method: 'PATCH', url: '/api/v1/profile', token: jwt, payload: { user: { email: 'admin@kusina.test', current_password: PASSWORD } } });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.details).toEqual({ fields: { email: 'An account with this email already exists.' } });

      const badPhone = await request(t.app, { method: 'PATCH', url: '/api/v1/profile', token: jwt, payload: { user: { phone: '555' } } });
      expect(badPhone.statusCode).toBe(400);
      expect(badPhone.json().error.details.fields).toEqual({ 'user.phone': phoneRuleMessage() });

      const noUser = await request(t.app, { method: 'PATCH', url: '/api/v1/profile', token: jwt, payload: {} });
      expect(noUser.statusCode).toBe(400);
      expect(noUser.json().error.details.fields).toHaveProperty('user');
    });
  });

  it('documents every account route in OpenAPI', async () => {
    const docs = (await t.app.inject({ url: '/api/docs/json' })).json();
    for (const [path, method] of [
      ['/api/v1/auth/signup', 'post'],
      ['/api/v1/auth/login', 'post'],
      ['/api/v1/auth/logout', 'post'],
      ['/api/v1/auth/verify_phone', 'post'],
      ['/api/v1/auth/resend_code', 'post'],
      ['/api/v1/profile', 'get'],
      ['/api/v1/profile', 'patch'],
      ['/api/v1/password/forgot', 'post'],
      ['/api/v1/password/reset', 'patch'],
      ['/api/v1/admin/notifications', 'get'],
    ] as const) {
      const operation = docs.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.tags).toEqual([path.includes('notifications') ? 'notifications' : 'accounts']);
      const ok = operation.responses['200'] ?? operation.responses['201'] ?? operation.responses['204'];
      expect(ok, `${method} ${path} success response`).toBeDefined();
    }
  });

  it('keeps session rows for audit: logout sets revoked_at', async () => {
    const { jwt, user } = await signUp(t.app);
    await request(t.app, { method: 'POST', url: '/api/v1/auth/logout', token: jwt });
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.revokedAt).toBeInstanceOf(Date);
  });
});
