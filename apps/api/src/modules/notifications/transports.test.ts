import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { notifications } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { build, type TestContext } from '../../test/build.ts';
import { latestMessage, signUp, waitFor } from '../accounts/test-support.ts';
import { enqueueNotifications } from './service.ts';
import { deliveryJobsFor } from './test-support.ts';
import { createTransports } from './transports.ts';

interface Received {
  headers: IncomingMessage['headers'];
  body: { to: string; from: string | null; body: string };
}

describe('notifications: the HTTP SMS transport', () => {
  let t: TestContext;
  let server: Server;
  const received: Received[] = [];
  let failNext = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        if (failNext > 0) {
          failNext--;
          res.writeHead(503).end('provider down');
          return;
        }
        received.push({ headers: req.headers, body: JSON.parse(raw) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await build({ SMS_API_URL: `http://127.0.0.1:${port}/messages`, SMS_API_TOKEN: 'sms-secret', SMS_FROM: '+16710000000' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts {to, from, body} with the bearer token, marks the row sent and hides the code', async () => {
    const { user } = await signUp(t.app, { phone: '+16713330001' });
    const queued = await latestMessage(t.db, user.id, 'phone_code');
    const code = /code is (\d{6})/.exec(queued.body)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const sent = await waitFor(async () => {
      const [row] = await t.db.select().from(notifications).where(eq(notifications.id, queued.id));
      return row?.status === 'sent' ? row : null;
    });
    expect(sent).toMatchObject({ transport: 'sms_http', attempts: 1, error: null });
    expect(sent.body).not.toContain(code);
    expect(sent.body).toContain('******');

    const request = received.find((r) => r.body.to === '+16713330001');
    expect(request?.headers.authorization).toBe('Bearer sms-secret');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({ to: '+16713330001', from: '+16710000000', body: queued.body });
  });

  it('records a failed attempt, and pg-boss retries it with backoff until it is sent', async () => {
    failNext = 1;
    const { user } = await signUp(t.app, { phone: '+16713330002' });
    const queued = await latestMessage(t.db, user.id, 'phone_code');
    const rowOf = async () => (await t.db.select().from(notifications).where(eq(notifications.id, queued.id)))[0];

    const failed = await waitFor(async () => {
      const row = await rowOf();
      return row && row.attempts >= 1 ? row : null;
    });
    expect(failed).toMatchObject({ status: 'queued', transport: 'sms_http', error: 'SMS provider answered 503: provider down', sentAt: null });
    // The worker records the failure, then throws; pg-boss marks the job for retry just after.
    const job = await waitFor(async () => {
      const [row] = await deliveryJobsFor(t.pool, [queued.id]);
      return row && row.state !== 'active' ? row : null;
    });
    expect(job).toMatchObject({ state: 'retry', retry_limit: 5 });

    // The first retry waits 5 to 10 s (retryDelay 5 with backoff).
    const sent = await waitFor(async () => {
      const row = await rowOf();
      return row?.status === 'sent' ? row : null;
    }, 20_000);
    expect(sent).toMatchObject({ attempts: 2, error: null, transport: 'sms_http' });
    expect(received.filter((r) => r.body.to === '+16713330002')).toHaveLength(1);
  });

  it("retries only the message of a job that failed: the job's other message is sent once", async () => {
    const recipients = ['+16713330003', '+16713330004'];
    failNext = 1;
    const ids = await transaction(t.pool, ({ tx, client }) =>
      enqueueNotifications(
        { tx, client, boss: t.app.boss },
        recipients.map((recipient) => ({ restaurantId: 1, channel: 'sms' as const, recipient, body: `Hafa adai ${recipient}`, template: 'test' })),
      ),
    );
    const [job] = await deliveryJobsFor(t.pool, ids);
    expect(job?.data).toEqual({ notification_ids: ids });

    const rowsNow = () => t.db.select().from(notifications).where(inArray(notifications.id, ids)).orderBy(notifications.id);
    const sent = await waitFor(async () => {
      const rows = await rowsNow();
      return rows.every((row) => row.status === 'sent') ? rows : null;
    }, 20_000);
    // One went through at once; the other failed, was recorded, and went through on the retry.
    expect(sent.map((row) => row.attempts).sort()).toEqual([1, 2]);
    expect(sent.every((row) => row.error === null && row.transport === 'sms_http')).toBe(true);
    for (const recipient of recipients) expect(received.filter((r) => r.body.to === recipient)).toHaveLength(1);
    const [retried] = await deliveryJobsFor(t.pool, ids);
    expect(retried).toMatchObject({ state: 'completed', retry_count: 1 });
  });
});

describe('notifications: what the outbox transport writes to the log', () => {
  const code = '482913';
  const message = {
    id: 7,
    channel: 'sms' as const,
    recipient: '+16713330077',
    subject: null,
    body: `Kusina: your verification code is ${code}. It expires in 10 minutes.`,
    template: 'phone_code',
  };

  async function logged(env: Record<string, string>): Promise<string> {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(32), ...env });
    await createTransports(config, log).sms.send(message);
    return lines.join('');
  }

  it('never holds the text on a live deployment (production on an external database)', async () => {
    const output = await logged({ NODE_ENV: 'production', DATABASE_URL: 'postgres://kusina@db.internal:5432/kusina', MESSAGES_OUTBOX_ONLY: 'true' });
    expect(output).toContain('+16713330077');
    expect(output).toContain('phone_code');
    expect(output).not.toContain(code);
  });

  it('holds the whole text for the demo on the embedded database (npm start), so its operator can sign up', async () => {
    const output = await logged({ NODE_ENV: 'production' });
    expect(output).toContain(`code is ${code}`);
  });
});
