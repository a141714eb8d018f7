import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_CODE_MAX_ATTEMPTS } from '@kusina/domain/accounts';
import { AccountMessages, resendErrorMessage } from '@kusina/domain/messages';
import { notifications, phoneVerificationCodes, users } from '../../db/schema/index.ts';
import { build, DEMO_PASSWORD, request, type TestContext } from '../../test/build.ts';
import { latestCode, loginAs, signUp } from './test-support.ts';

const INVALID = { error: { code: 'VALIDATION_ERROR', message: 'Invalid code or verification expired.', details: { fields: { code: 'Invalid code or verification expired.' } } } };

/** A six-digit code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('accounts: phone verification', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  const verify = (token: string, code: unknown) =>
    request(t.app, { method: 'POST', url: '/api/v1/auth/verify_phone', token, payload: { code } });
  const resend = (token: string) => request(t.app, { method: 'POST', url: '/api/v1/auth/resend_code', token });
  /** Moves the user's codes back in time, as if they were sent `seconds` ago. */
  const age = (userId: number, seconds: number) =>
    t.db
      .update(phoneVerificationCodes)
      .set({ createdAt: sql`${phoneVerificationCodes.createdAt} - make_interval(secs => ${seconds})` })
      .where(eq(phoneVerificationCodes.userId, userId));

  describe('POST /auth/verify_phone', () => {
    it('verifies the phone with the texted code, then answers 200 again (idempotent)', async () => {
      const { jwt, user } = await signUp(t.app);
      const code = await latestCode(t.db, user.id);
      const response = await verify(jwt, code);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Phone verified.', user: { ...user, phone_verified: true } });
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.phoneVerified).toBe(true);

      const again = await verify(jwt, '000000');
      expect(again.statusCode).toBe(200);
      expect(again.json().message).toBe('Phone verified.');
    });

    it('keeps only a salted hash of the code', async () => {
      const { user } = await signUp(t.app);
      const code = await latestCode(t.db, user.id);
      const [row] = await t.db.select().from(phoneVerificationCodes).where(eq(phoneVerificationCodes.userId, user.id));
      expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.codeHash).not.toContain(code);
      expect(row?.salt).toMatch(/^[0-9a-f]{32}$/);
    });

    it('rejects a wrong code with the spec message and counts the try', async () => {
      const { jwt, user } = await signUp(t.app);
      const code = await latestCode(t.db, user.id);
      const response = await verify(jwt, wrong(code));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(INVALID);
      const [row] = await t.db.select().from(phoneVerificationCodes).where(eq(phoneVerificationCodes.userId, user.id));
      expect(row?.attempts).toBe(1);
      expect((await verify(jwt, code)).statusCode).toBe(200);
    });

    it(`kills the code after ${PHONE_CODE_MAX_ATTEMPTS} wrong tries, even if the next try is right`, async () => {
      const { jwt, user } = await signUp(t.app);
      const code = await latestCode(t.db, user.id);
      for (let i = 0; i < PHONE_CODE_MAX_ATTEMPTS; i++) {
        const response = await verify(jwt, wrong(code));
        expect(response.statusCode).toBe(422);
      }
      const right = await verify(jwt, code);
      expect(right.statusCode).toBe(422);
      expect(right.json()).toEqual(INVALID);
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.phoneVerified).toBe(false);
    });

    it('counts parallel wrong guesses exactly', async () => {
      const { jwt, user } = await signUp(t.app);
      const code = await latestCode(t.db, user.id);
      const guesses = await Promise.all(Array.from({ length: 8 }, () => verify(jwt, wrong(code))));
      expect(guesses.every((g) => g.statusCode === 422)).toBe(true);
      const [row] = await t.db.select().from(phoneVerificationCodes).where(eq(phoneVerificationCodes.userId, user.id));
      expect(row?.attempts).toBe(PHONE_CODE_MAX_ATTEMPTS);
      expect((await verify(jwt, code)).statusCode).toBe(422);
    });

    it('rejects an expired code', async () => {
      const { jwt, user } = await signUp(t.app);
      const code = await latestCode(t.db, user.id);
      await t.db
        .update(phoneVerificationCodes)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(phoneVerificationCodes.userId, user.id));
      const response = await verify(jwt, code);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(INVALID);
    });

    it('accepts only the newest code', async () => {
      const { jwt, user } = await signUp(t.app);
      const first = await latestCode(t.db, user.id);
      await age(user.id, 61);
      expect((await resend(jwt)).statusCode).toBe(200);
      const second = await latestCode(t.db, user.id);
      if (first !== second) expect((await verify(jwt, first)).statusCode).toBe(422);
      expect((await verify(jwt, second)).statusCode).toBe(200);
    });

    it('needs a token and a six-digit code', async () => {
      expect((await request(t.app, { method: 'POST', url: '/api/v1/auth/verify_phone', payload: { code: '123456' } })).statusCode).toBe(401);
      const { jwt } = await signUp(t.app);
      for (const code of [undefined, '', '12345', 'abcdef']) {
        const response = await verify(jwt, code);
        expect(response.statusCode, String(code)).toBe(400);
        expect(response.json().error.details.fields).toHaveProperty('code');
      }
    });
  });

  describe('POST /auth/resend_code', () => {
    it('refuses a second code within a minute, then sends one', async () => {
      const { jwt, user } = await signUp(t.app);
      const early = await resend(jwt);
      expect(early.statusCode).toBe(429);
      const { error } = early.json();
      expect(error.code).toBe('RATE_LIMITED');
      expect(error.message).toContain('Please wait before requesting another code');
      expect(error.details.retry_after_seconds).toBeGreaterThanOrEqual(1);
      expect(error.details.retry_after_seconds).toBeLessThanOrEqual(60);
      expect(resendErrorMessage(error.message)).toBe(AccountMessages.resendWaitUser);

      await age(user.id, 45);
      const stillEarly = await resend(jwt);
      expect(stillEarly.statusCode).toBe(429);
      expect(stillEarly.json().error.details.retry_after_seconds).toBeLessThanOrEqual(15);

      await age(user.id, 20);
      const later = await resend(jwt);
      expect(later.statusCode).toBe(200);
      expect(later.json()).toEqual({ message: 'A new verification code is on its way.' });
      const texts = await t.db.select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(desc(notifications.id));
      expect(texts).toHaveLength(2);
      expect(texts[0]?.recipient).toBe(user.phone);
    });

    it('sends once when two resends race', async () => {
      const { jwt, user } = await signUp(t.app);
      await age(user.id, 120);
      const results = await Promise.all([resend(jwt), resend(jwt)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429]);
      const codes = await t.db.select().from(phoneVerificationCodes).where(eq(phoneVerificationCodes.userId, user.id));
      expect(codes).toHaveLength(2);
      const texts = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
      expect(texts).toHaveLength(2);
    });

    it('has nothing to send to a verified phone', async () => {
      const token = await loginAs(t.app, 'customer@kusina.test', DEMO_PASSWORD);
      const response = await resend(token);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe('Your phone is already verified.');
    });

    it('needs a token', async () => {
      expect((await request(t.app, { method: 'POST', url: '/api/v1/auth/resend_code' })).statusCode).toBe(401);
    });
  });
});
