import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, passwordResetTokens, users } from '../../db/schema/index.ts';
import { build, request, type TestContext } from '../../test/build.ts';
import { latestMessage, latestResetLink, PASSWORD, signUp } from './test-support.ts';

const NEW_PASSWORD = 'Tumon-Bay-Sunrise-7';
const INVALID_LINK = 'This password reset link is invalid or has expired. Please request a new one.';

describe('accounts: forgot and reset password', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ PUBLIC_URL: 'https://order.kusina.example' });
  });
  afterAll(() => t.close());

  const forgot = (email: string) => request(t.app, { method: 'POST', url: '/api/v1/password/forgot', payload: { email } });
  const reset = (payload: Record<string, unknown>) => request(t.app, { method: 'PATCH', url: '/api/v1/password/reset', payload });
  const login = (email: string, password: string) =>
    request(t.app, { method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });

  /** A signed-up user who asked for a link, and the link's token and e-mail. */
  async function userWithLink() {
    const auth = await signUp(t.app);
    expect((await forgot(auth.user.email)).statusCode).toBe(200);
    const link = await latestResetLink(t.db, auth.user.id);
    return { ...auth, token: link.searchParams.get('token') ?? '', email: link.searchParams.get('email') ?? '' };
  }

  const resetBody = (token: string, email: string, password = NEW_PASSWORD) => ({
    email,
    token,
    new_password: password,
    new_password_confirmation: password,
  });

  describe('POST /password/forgot', () => {
    it('answers the same for known and unknown e-mails and only mails the known one', async () => {
      const before = await t.db.select().from(notifications);
      const unknown = await forgot('nobody.here@example.com');
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual({ message: 'Check your email for a reset link.' });
      expect(await t.db.select().from(notifications)).toHaveLength(before.length);

      const { user } = await signUp(t.app, { email: 'Kai.Reyes@Example.com' });
      const known = await forgot('KAI.REYES@example.com');
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());

      const message = await latestMessage(t.db, user.id, 'password_reset');
      expect(message).toMatchObject({ channel: 'email', recipient: 'kai.reyes@example.com', subject: 'Reset your Kusina password' });
      const link = await latestResetLink(t.db, user.id);
      expect(`${link.origin}${link.pathname}`).toBe('https://order.kusina.example/reset-password');
      expect(link.searchParams.get('email')).toBe('kai.reyes@example.com');
      expect(message.body).toContain('&email=kai.reyes%40example.com');
      const token = link.searchParams.get('token') ?? '';
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);

      const [row] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
      expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.tokenHash).not.toContain(token);
      const minutes = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 60_000;
      expect(minutes).toBeCloseTo(60, 1);
    });

    it('validates the e-mail', async () => {
      const response = await request(t.app, { method: 'POST', url: '/api/v1/password/forgot', payload: {} });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details.fields).toEqual({ email: 'Email is required' });
    });
  });

  describe('PATCH /password/reset', () => {
    it('sets the password, signs in and ends every earlier session', async () => {
      const { jwt: oldToken, token, email } = await userWithLink();
      const response = await reset(resetBody(token, email));
      expect(response.statusCode).toBe(200);
      const result = response.json();
      expect(result).toMatchObject({ jwt: expect.any(String), user: { email } });

      expect((await request(t.app, { url: '/api/v1/profile', token: oldToken })).statusCode).toBe(401);
      expect((await request(t.app, { url: '/api/v1/profile', token: result.jwt })).statusCode).toBe(200);
      expect((await login(email, PASSWORD)).statusCode).toBe(401);
      expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
      const [row] = await t.db.select().from(users).where(eq(users.email, email));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    });

    it('rejects a used link', async () => {
      const { token, email } = await userWithLink();
      expect((await reset(resetBody(token, email))).statusCode).toBe(200);
      const again = await reset(resetBody(token, email, 'Another-Password-3'));
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: INVALID_LINK } });
      expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('rejects an expired link', async () => {
      const { user, token, email } = await userWithLink();
      await t.db
        .update(passwordResetTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(passwordResetTokens.userId, user.id));
      const response = await reset(resetBody(token, email));
      expect(response.statusCode).toBe(422);
      expect(response.json().error.message).toBe(INVALID_LINK);
      expect((await login(email, PASSWORD)).statusCode).toBe(200);
    });

    it('rejects a wrong token and a token of another e-mail', async () => {
      const { token, email } = await userWithLink();
      const other = await signUp(t.app);
      for (const body of [resetBody('x'.repeat(43), email), resetBody(token, other.user.email), resetBody(token, 'nobody@example.com')]) {
        const response = await reset(body);
        expect(response.statusCode).toBe(422);
        expect(response.json().error.message).toBe(INVALID_LINK);
      }
      expect((await reset(resetBody(token, email.toUpperCase()))).statusCode).toBe(200);
    });

    it('retires earlier links when a new one is requested', async () => {
      const { user, token: first, email } = await userWithLink();
      expect((await forgot(email)).statusCode).toBe(200);
      const second = (await latestResetLink(t.db, user.id)).searchParams.get('token') ?? '';
      expect(second).not.toBe(first);
      expect((await reset(resetBody(first, email))).statusCode).toBe(422);
      expect((await reset(resetBody(second, email))).statusCode).toBe(200);
    });

    it('lets exactly one of two parallel uses of one link through', async () => {
      const { user, token, email } = await userWithLink();
      const results = await Promise.all([reset(resetBody(token, email, 'First-Racer-111')), reset(resetBody(token, email, 'Second-Racer-222'))]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
      const winner = results.find((r) => r.statusCode === 200);
      const winningPassword = winner === results[0] ? 'First-Racer-111' : 'Second-Racer-222';
      expect((await login(email, winningPassword)).statusCode).toBe(200);
      const [row] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
      expect(row?.usedAt).toBeInstanceOf(Date);
    });

    it('validates the payload', async () => {
      const mismatch = await reset({ email: 'a@b.c', token: 't', new_password: NEW_PASSWORD, new_password_confirmation: 'nope-nope-nope' });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().error.details.fields).toEqual({ new_password_confirmation: 'Passwords do not match.' });

      const missing = await reset({ new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD });
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(missing.json().error.details.fields).sort()).toEqual(['email', 'token']);

      const empty = await reset({ email: '', token: '', new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD });
      expect(empty.json().error.details.fields).toEqual({ email: 'Invalid or missing token/email.', token: 'Invalid or missing token/email.' });

      const short = await reset({ email: 'a@b.c', token: 't', new_password: 'short', new_password_confirmation: 'short' });
      expect(short.json().error.details.fields.new_password).toBe('Password must be at least 8 characters');
    });
  });
});
