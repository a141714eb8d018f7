import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TeamMessages } from '@kusina/domain/team-rules';
import { auditLog, notifications, sessions, teamInvites, users } from '../../db/schema/index.ts';
import { build, request, tokenFor, type TestContext } from '../../test/build.ts';
import { loginAs, PASSWORD, uniqueEmail } from './test-support.ts';

/**
 * Team accounts (issue #37): invites through the outbox, roles, deactivation and the audit log,
 * with the role matrix of every route.
 */
describe('team accounts', () => {
  let t: TestContext;
  let superAdmin: string;
  let admin: string;
  let admin2: string;
  let staff: string;
  let customer: string;
  beforeAll(async () => {
    t = await build({ PUBLIC_URL: 'https://order.kusina.example' });
    [superAdmin, admin, admin2, staff, customer] = await Promise.all(
      ['super@kusina.test', 'admin@kusina.test', 'admin2@kusina.test', 'staff@kusina.test', 'customer@kusina.test'].map((email) => tokenFor(t.app, t.db, email)),
    ) as [string, string, string, string, string];
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string | undefined, payload?: Record<string, unknown>) =>
    request(t.app, { method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });
  const userId = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

  /** Invites through the API and reads the link from the outbox row, as the invitee's mailbox would. */
  async function invite(email: string, role: 'staff' | 'admin', token = admin, restaurantId?: number) {
    const response = await call('POST', '/team/invites', token, { email, role, ...(restaurantId ? { restaurant_id: restaurantId } : {}) });
    expect(response.statusCode, response.body).toBe(201);
    const [message] = await t.db.select().from(notifications).where(and(eq(notifications.recipient, email), eq(notifications.template, 'team_invite'))).orderBy(desc(notifications.id)).limit(1);
    const link = new URL(/https?:\/\/\S+/.exec(message!.body)![0]);
    return { invite: response.json(), message: message!, link, token: link.searchParams.get('token')!, email: link.searchParams.get('email')! };
  }
  const accept = (link: { token: string; email: string }, password = PASSWORD) =>
    call('POST', '/invites/accept', undefined, { token: link.token, email: link.email, first_name: 'Tasi', last_name: 'Perez', password, password_confirmation: password });

  describe('role matrix: customers, staff and admins of another restaurant are refused every route', () => {
    it('GET /team, POST /team/invites, GET /audit_log', async () => {
      const invitesBefore = (await t.db.select().from(teamInvites)).length;
      for (const [method, url, payload] of [
        ['GET', '/team?restaurant_id=1', undefined],
        ['POST', '/team/invites', { email: uniqueEmail('nope'), role: 'staff', restaurant_id: 1 }],
        ['GET', '/audit_log?restaurant_id=1', undefined],
      ] as const) {
        expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url} signed out`).toBe(401);
        for (const token of [customer, staff, admin2]) expect((await call(method, url, token, payload)).statusCode, `${method} ${url}`).toBe(403);
      }
      expect(await t.db.select().from(teamInvites)).toHaveLength(invitesBefore);
      expect((await call('GET', '/team', admin)).statusCode).toBe(200);
      expect((await call('GET', '/audit_log', admin)).statusCode).toBe(200);
      // A super admin picks any restaurant.
      expect((await call('GET', '/team?restaurant_id=2', superAdmin)).json().members.map((m: { email: string }) => m.email)).toContain('admin2@kusina.test');
    });

    it('PATCH /team/members/:id and DELETE /team/invites/:id', async () => {
      const staffId = await userId('staff@kusina.test');
      const { invite: open } = await invite(uniqueEmail('pending'), 'staff');
      for (const token of [customer, staff, admin2]) {
        expect((await call('PATCH', `/team/members/${staffId}`, token, { active: false })).statusCode).toBe(403);
        expect((await call('DELETE', `/team/invites/${open.id}`, token)).statusCode).toBe(403);
      }
      expect((await call('PATCH', `/team/members/${staffId}`, undefined, { active: false })).statusCode).toBe(401);
      const [row] = await t.db.select().from(users).where(eq(users.id, staffId));
      expect(row!.deactivatedAt).toBeNull();
      expect((await call('GET', '/team', admin)).json().invites.map((i: { id: number }) => i.id)).toContain(open.id);
      expect((await call('DELETE', `/team/invites/${open.id}`, admin)).statusCode).toBe(204);
      expect((await call('GET', '/team', admin)).json().invites.map((i: { id: number }) => i.id)).not.toContain(open.id);
    });
  });

  it('an invited person signs in with the role given and loses access the moment they are deactivated', async () => {
    const email = uniqueEmail('new.cook');
    const sent = await invite(email, 'staff');
    expect(sent.invite).toMatchObject({ email, role: 'staff', restaurant_id: 1, invited_by: 'Ana Admin' });
    expect(`${sent.link.origin}${sent.link.pathname}`).toBe('https://order.kusina.example/accept-invite');
    expect(sent.message).toMatchObject({ channel: 'email', subject: 'You are invited to the Kusina team' });
    // The outbox keeps the text without the link; the table keeps only the token's hash.
    expect(sent.message.redactedBody).toContain('[invite link hidden]');
    expect(sent.message.redactedBody).not.toContain(sent.token);
    const [stored] = await t.db.select().from(teamInvites).where(eq(teamInvites.email, email));
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.tokenHash).not.toContain(sent.token);

    const preview = await call('POST', '/invites/preview', undefined, { token: sent.token, email: sent.email });
    expect(preview.json()).toMatchObject({ email, role: 'staff', restaurant_name: 'Kusina' });

    const accepted = await accept(sent);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().user).toMatchObject({ email, role: 'staff', restaurant_id: 1, name: 'Tasi Perez' });
    expect(accepted.headers['set-cookie']).toMatch(/^kusina_session=/);
    // The link is spent.
    expect((await accept(sent)).json()).toMatchObject({ error: { message: TeamMessages.inviteInvalid } });

    // Signed in as staff: the order board yes, the team no; and a fresh sign-in works too.
    const session = accepted.json().jwt as string;
    expect((await call('GET', '/admin/orders', session)).statusCode).toBe(200);
    expect((await call('GET', '/team', session)).statusCode).toBe(403);
    const second = await loginAs(t.app, email, PASSWORD);
    const listed = (await call('GET', '/team', admin)).json().members.find((m: { email: string }) => m.email === email);
    expect(listed).toMatchObject({ role: 'staff', active: true });
    expect(listed.last_sign_in_at).not.toBeNull();

    // Deactivated: both sessions are refused on the very next request, and signing in is refused.
    const id = await userId(email);
    const off = await call('PATCH', `/team/members/${id}`, admin, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false });
    expect((await call('GET', '/profile', session)).statusCode).toBe(401);
    expect((await call('GET', '/admin/orders', second)).statusCode).toBe(401);
    const refused = await call('POST', '/auth/login', undefined, { email, password: PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(TeamMessages.deactivated);
    const live = await t.db.select().from(sessions).where(and(eq(sessions.userId, id), sql`${sessions.revokedAt} IS NULL`));
    expect(live).toHaveLength(0);

    // Reactivated: signs in again.
    expect((await call('PATCH', `/team/members/${id}`, admin, { active: true })).json()).toMatchObject({ active: true });
    await loginAs(t.app, email, PASSWORD);

    // Every change is in the audit log, who and what, newest first.
    const audit = (await call('GET', '/audit_log', admin)).json().entries.filter((e: { target: string }) => e.target === email);
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['team.reactivate', 'team.deactivate', 'team.join', 'team.invite']);
    expect(audit[1]).toMatchObject({ actor: 'Ana Admin (admin@kusina.test)', summary: `Deactivated ${email}; their sessions ended` });
    expect(audit[3]).toMatchObject({ actor: 'Ana Admin (admin@kusina.test)', summary: `Invited ${email} as staff` });
    // Another restaurant's admin does not see it.
    expect((await call('GET', '/audit_log', admin2)).json().entries.some((e: { target: string }) => e.target === email)).toBe(false);
  });

  it('an invite as admin gives admin rights; a role change ends the sessions opened with the old role', async () => {
    const email = uniqueEmail('new.manager');
    const accepted = await accept(await invite(email, 'admin'));
    const session = accepted.json().jwt as string;
    expect(accepted.json().user.role).toBe('admin');
    expect((await call('GET', '/team', session)).statusCode).toBe(200);

    const changed = await call('PATCH', `/team/members/${await userId(email)}`, admin, { role: 'staff' });
    expect(changed.json()).toMatchObject({ role: 'staff' });
    expect((await call('GET', '/profile', session)).statusCode).toBe(401);
    const again = await loginAs(t.app, email, PASSWORD);
    expect((await call('GET', '/team', again)).statusCode).toBe(403);
    const [entry] = (await call('GET', '/audit_log', admin)).json().entries;
    expect(entry).toMatchObject({ action: 'team.role', summary: `Changed ${email} from admin to staff` });
  });

  it('nobody is raised above admin, changes themselves, a super admin or another restaurant', async () => {
    const staffId = await userId('staff@kusina.test');
    const adminId = await userId('admin@kusina.test');
    const superId = await userId('super@kusina.test');
    const admin2Id = await userId('admin2@kusina.test');
    const before = await t.db.select().from(auditLog);

    const raise = await call('PATCH', `/team/members/${staffId}`, admin, { role: 'super_admin' });
    expect(raise.statusCode).toBe(400);
    expect((await call('POST', '/team/invites', admin, { email: uniqueEmail('boss'), role: 'super_admin' })).statusCode).toBe(400);
    const self = await call('PATCH', `/team/members/${adminId}`, admin, { active: false });
    expect(self.statusCode).toBe(422);
    expect(self.json().error.message).toBe(TeamMessages.notYourself);
    expect((await call('PATCH', `/team/members/${adminId}`, admin, { role: 'staff' })).statusCode).toBe(422);
    expect((await call('PATCH', `/team/members/${superId}`, admin, { active: false })).statusCode).toBe(403);
    expect((await call('PATCH', `/team/members/${admin2Id}`, admin, { active: false })).statusCode).toBe(403);
    expect((await call('PATCH', `/team/members/${await userId('customer@kusina.test')}`, admin, { role: 'staff' })).statusCode).toBe(404);
    expect((await call('POST', '/team/invites', admin, { email: uniqueEmail('x'), role: 'staff', restaurant_id: 2 })).statusCode).toBe(403);
    // Nothing changed, nothing logged.
    const rows = await t.db.select().from(users).where(eq(users.role, 'super_admin'));
    expect(rows.every((r) => r.deactivatedAt === null)).toBe(true);
    expect(await t.db.select().from(auditLog)).toHaveLength(before.length);

    // The super admin manages any restaurant's team (and the entry lands in that restaurant's log).
    const email = uniqueEmail('blue.staff');
    await invite(email, 'staff', superAdmin, 2);
    expect((await call('GET', '/team', admin2)).json().invites.map((i: { email: string }) => i.email)).toContain(email);
    expect((await call('GET', '/audit_log', admin2)).json().entries[0]).toMatchObject({ action: 'team.invite', actor: 'Sina Superadmin (super@kusina.test)' });
  });

  it('refuses invites to addresses with an account, expired links and bad input, changing nothing', async () => {
    const taken = await call('POST', '/team/invites', admin, { email: 'Customer@Kusina.test', role: 'staff' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(TeamMessages.emailHasAccount);
    expect((await call('POST', '/team/invites', admin, { email: 'not-an-email', role: 'staff' })).statusCode).toBe(400);

    const email = uniqueEmail('late');
    const sent = await invite(email, 'staff');
    await t.db.update(teamInvites).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(teamInvites.email, email));
    expect((await call('POST', '/invites/preview', undefined, { token: sent.token, email })).statusCode).toBe(422);
    expect((await accept(sent)).statusCode).toBe(422);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);

    // A second invite retires the first link.
    const other = uniqueEmail('twice');
    const first = await invite(other, 'staff');
    const second = await invite(other, 'admin');
    expect((await accept(first)).statusCode).toBe(422);
    const ok = await accept(second);
    expect(ok.json().user.role).toBe('admin');
  });

  it('every new admin route is in the OpenAPI document with its bearer security', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { security?: unknown }>> };
    for (const [method, path] of [
      ['get', '/team'],
      ['post', '/team/invites'],
      ['delete', '/team/invites/{id}'],
      ['patch', '/team/members/{id}'],
      ['get', '/audit_log'],
      ['get', '/vip_codes'],
      ['post', '/vip_codes'],
      ['post', '/vip_codes/{id}/revoke'],
      ['get', '/vip_codes/{id}/uses'],
      ['post', '/promo_codes/{code}/expire'],
    ] as const) {
      expect(doc.paths[`/api/v1${path}`]?.[method]?.security, `${method} ${path}`).toEqual([{ bearer: [] }]);
    }
    expect(doc.paths['/api/v1/invites/accept']?.post).toBeDefined();
  });

  it('one link accepted ten times at once makes one account', async () => {
    const email = uniqueEmail('race');
    const sent = await invite(email, 'staff');
    const responses = await Promise.all(Array.from({ length: 10 }, () => accept(sent)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 422)).toHaveLength(9);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});
