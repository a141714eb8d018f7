import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { build, DEMO_PASSWORD, request, type TestContext } from '../../test/build.ts';
import { latestCode, latestResetLink, loginAs, signUp, waitFor } from '../accounts/test-support.ts';
import { enqueueNotification } from './service.ts';

describe('notifications: outbox delivery and the admin outbox', () => {
  let t: TestContext;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await build();
    for (const who of ['super', 'admin', 'admin2', 'staff', 'customer']) {
      tokens[who] = await loginAs(t.app, `${who}@kusina.test`, DEMO_PASSWORD);
    }
  });
  afterAll(() => t.close());

  const list = (token: string | undefined, query = '') => request(t.app, { url: `/api/v1/admin/notifications${query}`, token });

  async function waitUntilSent(id: number) {
    return waitFor(async () => {
      const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id));
      return row?.status === 'sent' ? row : null;
    });
  }

  it('delivers queued texts and e-mails through the outbox transport', async () => {
    const { user } = await signUp(t.app, { restaurant_id: 2 });
    await request(t.app, { method: 'POST', url: '/api/v1/password/forgot', payload: { email: user.email } });
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(rows.map((r) => r.channel).sort()).toEqual(['email', 'sms']);
    for (const row of rows) {
      const sent = await waitUntilSent(row.id);
      expect(sent).toMatchObject({ transport: 'outbox', attempts: 1, error: null, body: row.body });
      expect(sent.sentAt).toBeInstanceOf(Date);
    }
  });

  it('sends nothing when the transaction that enqueued it rolls back', async () => {
    const marker = `rollback-${Date.now()}`;
    const jobCount = async () =>
      (await t.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'notification.deliver'`)).rows[0]?.n;
    const jobsBefore = await jobCount();
    await expect(
      transaction(t.pool, async ({ tx, client }) => {
        await enqueueNotification(
          { tx, client, boss: t.app.boss },
          { restaurantId: 1, channel: 'sms', recipient: '+16715550000', body: marker, template: 'test' },
        );
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await t.db.select().from(notifications).where(eq(notifications.body, marker))).toHaveLength(0);
    expect(await jobCount()).toBe(jobsBefore);

    // The same call committed: one row and one job.
    const id = await transaction(t.pool, ({ tx, client }) =>
      enqueueNotification({ tx, client, boss: t.app.boss }, { restaurantId: 1, channel: 'sms', recipient: '+16715550000', body: marker, template: 'test' }),
    );
    expect(await jobCount()).toBe((jobsBefore ?? 0) + 1);
    expect((await waitUntilSent(id)).body).toBe(marker);
  });

  describe('GET /admin/notifications', () => {
    it('is for admins and super admins only', async () => {
      const guest = await list(undefined);
      expect(guest.statusCode).toBe(401);
      expect(guest.json().error.code).toBe('UNAUTHORIZED');
      for (const who of ['customer', 'staff']) {
        const response = await list(tokens[who]);
        expect(response.statusCode, who).toBe(403);
        expect(response.json().error.code).toBe('FORBIDDEN');
      }
      for (const who of ['admin', 'admin2', 'super']) expect((await list(tokens[who])).statusCode, who).toBe(200);
    });

    it("shows an admin only their restaurant's messages and a super admin all", async () => {
      const one = await signUp(t.app, { restaurant_id: 1 });
      const two = await signUp(t.app, { restaurant_id: 2 });
      const restaurantOf = async (ids: number[]) => {
        const rows = await t.db.select({ id: notifications.id, restaurantId: notifications.restaurantId }).from(notifications).where(inArray(notifications.id, ids));
        return new Set(rows.map((r) => r.restaurantId));
      };

      const admin = (await list(tokens.admin, '?per_page=100')).json();
      expect(admin.messages.map((m: { recipient: string }) => m.recipient)).toContain(one.user.phone);
      expect([...(await restaurantOf(admin.messages.map((m: { id: number }) => m.id)))]).toEqual([1]);

      const admin2 = (await list(tokens.admin2, '?per_page=100')).json();
      expect([...(await restaurantOf(admin2.messages.map((m: { id: number }) => m.id)))]).toEqual([2]);
      expect(admin2.total).toBeGreaterThanOrEqual(1);

      const all = (await list(tokens.super, '?per_page=100')).json();
      const total = await t.db.$count(notifications);
      expect(all.total).toBe(total);
      expect(await restaurantOf(all.messages.map((m: { id: number }) => m.id))).toEqual(new Set([1, 2]));
      expect(two.user.restaurant_id).toBe(2);
    });

    it("hides other admins' and super admins' messages from an admin", async () => {
      await request(t.app, { method: 'POST', url: '/api/v1/password/forgot', payload: { email: 'super@kusina.test' } });
      await request(t.app, { method: 'POST', url: '/api/v1/password/forgot', payload: { email: 'admin@kusina.test' } });
      const admin = (await list(tokens.admin, '?channel=email&per_page=100')).json();
      const recipients = admin.messages.map((m: { recipient: string }) => m.recipient);
      expect(recipients).toContain('admin@kusina.test');
      expect(recipients).not.toContain('super@kusina.test');
      const all = (await list(tokens.super, '?channel=email&recipient=super@')).json();
      expect(all.messages.map((m: { recipient: string }) => m.recipient)).toEqual(['super@kusina.test']);
    });

    it('lists newest first with channel and recipient filters and pages', async () => {
      const { user } = await signUp(t.app, { phone: '+16714440001' });
      await request(t.app, { method: 'POST', url: '/api/v1/password/forgot', payload: { email: user.email } });

      const newest = (await list(tokens.super, '?per_page=2')).json();
      expect(newest).toMatchObject({ page: 1, per_page: 2 });
      expect(newest.messages).toHaveLength(2);
      expect(newest.messages[0]).toEqual({
        id: expect.any(Number),
        channel: 'email',
        recipient: user.email,
        subject: 'Reset your Kusina password',
        body: expect.stringContaining('[reset link hidden]'),
        status: expect.stringMatching(/^(queued|sent)$/),
        transport: expect.toBeOneOf([null, 'outbox']),
        created_at: expect.any(String),
        sent_at: expect.toBeOneOf([null, expect.any(String)]),
      });
      expect(newest.messages[0].id).toBeGreaterThan(newest.messages[1].id);

      const texts = (await list(tokens.super, '?channel=sms&recipient=4440001')).json();
      expect(texts.total).toBe(1);
      expect(texts.messages[0]).toMatchObject({ channel: 'sms', recipient: '+16714440001', subject: null });
      expect(texts.messages[0].body).toMatch(/code is \*{6}\./);

      const page2 = (await list(tokens.super, '?per_page=1&page=2')).json();
      expect(page2.messages[0].id).toBe(newest.messages[1].id);

      const defaults = (await list(tokens.super)).json();
      expect(defaults.per_page).toBe(20);
      expect(defaults.messages.length).toBeLessThanOrEqual(20);
    });

    it('shows no reset token or phone code to anyone reading it, admins and super admins alike', async () => {
      const { user } = await signUp(t.app, { restaurant_id: 1, phone: '+16714440002' });
      const forgot = await request(t.app, { method: 'POST', url: '/api/v1/password/forgot', payload: { email: user.email } });
      expect(forgot.statusCode).toBe(200);
      const code = (await latestCode(t.db, user.id))!;
      const token = (await latestResetLink(t.db, user.id)).searchParams.get('token')!;
      expect(code).toMatch(/^\d{6}$/);
      expect(token.length).toBeGreaterThan(20);

      for (const who of ['admin', 'super']) {
        // Before and after delivery (the outbox transport keeps the row's text as it was).
        const seen = (await list(tokens[who], `?recipient=${encodeURIComponent(user.email.slice(0, 12))}&per_page=100`)).json();
        const texts = (await list(tokens[who], '?recipient=4440002')).json();
        const all = JSON.stringify([seen, texts]);
        expect(seen.messages.map((m: { recipient: string }) => m.recipient), who).toContain(user.email);
        expect(texts.total, who).toBe(1);
        expect(all, who).not.toContain(token);
        expect(all, who).not.toContain(`code is ${code}`);
        expect(all, who).toContain('[reset link hidden]');
      }
      // The reset link itself still works: only the outbox's view of it is hidden.
      const reset = await request(t.app, {
        method: 'PATCH',
        url: '/api/v1/password/reset',
        payload: { email: user.email, token, new_password: 'Another-Beach-10', new_password_confirmation: 'Another-Beach-10' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
    });

    it('validates the query', async () => {
      for (const query of ['?channel=fax', '?per_page=101', '?page=0']) {
        const response = await list(tokens.super, query);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_ERROR');
      }
    });

    it('treats LIKE wildcards in recipient literally', async () => {
      const response = (await list(tokens.super, '?recipient=%25')).json();
      expect(response.total).toBe(0);
    });
  });

  it('keeps the user relation when the user is deleted', async () => {
    const { user } = await signUp(t.app, { phone: '+16712220001' });
    await t.db.delete(users).where(eq(users.id, user.id));
    const rows = await t.db.select().from(notifications).where(eq(notifications.recipient, user.phone ?? ''));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId).toBeNull();
  });
});
