import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** Production defaults fail closed on an external database and keep the embedded demo (decision 0086). */
const secret = { JWT_SECRET: 'x'.repeat(32) };
const external = { DATABASE_URL: 'postgres://kusina:secret@db.internal:5432/kusina' };
const providers = { SMTP_URL: 'smtps://u:p@smtp.example.com:465', SMS_API_URL: 'https://sms.example.com/v1/messages' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('production defaults (loadConfig)', () => {
  it.each([
    ['npm start: production on the embedded database', { NODE_ENV: 'production' }, { liveDeployment: false, seedDemo: true, allowTestPayments: true, apiDocs: true }],
    ['development on the embedded database', {}, { liveDeployment: false, seedDemo: true, allowTestPayments: true, apiDocs: true }],
    ['development on an external database', { ...external }, { liveDeployment: false, seedDemo: false, allowTestPayments: true, apiDocs: true }],
    ['production on an external database', { NODE_ENV: 'production', ...external, ...providers }, { liveDeployment: true, seedDemo: false, allowTestPayments: false, apiDocs: false }],
    [
      'production on an external database, everything asked for',
      { NODE_ENV: 'production', ...external, ...providers, SEED_DEMO: 'true', SEED_DEMO_IN_PRODUCTION: 'true', ALLOW_TEST_PAYMENTS: 'true', API_DOCS: 'true' },
      { liveDeployment: true, seedDemo: true, allowTestPayments: true, apiDocs: true },
    ],
  ])('%s', (_name, env, expected) => {
    expect(loadConfig({ ...secret, ...env })).toMatchObject(expected);
  });

  it('refuses the demo in production on an external database without the acknowledgement, naming the variables', () => {
    expect(problemsOf({ ...secret, NODE_ENV: 'production', ...external, ...providers, SEED_DEMO: 'true' })).toEqual([
      expect.stringMatching(/^SEED_DEMO: .*SEED_DEMO=false, or SEED_DEMO_IN_PRODUCTION=true/),
    ]);
  });

  it('refuses customers’ messages left in the outbox in production on an external database unless chosen', () => {
    expect(problemsOf({ ...secret, NODE_ENV: 'production', ...external })).toEqual([
      "MESSAGES_OUTBOX_ONLY: without SMTP_URL and SMS_API_URL customers' e-mails and texts stay in the outbox and reach nobody; configure SMTP_URL and SMS_API_URL, or set MESSAGES_OUTBOX_ONLY=true to choose that",
    ]);
    expect(problemsOf({ ...secret, NODE_ENV: 'production', ...external, SMS_API_URL: providers.SMS_API_URL })).toEqual([expect.stringMatching(/^MESSAGES_OUTBOX_ONLY: without SMTP_URL customers' e-mails stay/)]);
    expect(problemsOf({ ...secret, NODE_ENV: 'production', ...external, MESSAGES_OUTBOX_ONLY: 'true' })).toEqual([]);
    // Anywhere, an explicit false means it: the embedded demo without providers is refused too.
    expect(problemsOf({ NODE_ENV: 'production', MESSAGES_OUTBOX_ONLY: 'false' })).toEqual([expect.stringMatching(/^MESSAGES_OUTBOX_ONLY: /)]);
  });

  it('collects analytics first-party by default; posthog needs its host and key', () => {
    expect(loadConfig({}).ANALYTICS).toBe('first-party');
    expect(problemsOf({ ANALYTICS: 'posthog' })).toEqual(['ANALYTICS: posthog needs POSTHOG_HOST and POSTHOG_API_KEY (or use first-party or off)']);
    expect(problemsOf({ ANALYTICS: 'posthog', POSTHOG_HOST: 'https://eu.i.posthog.com', POSTHOG_API_KEY: 'phc_x' })).toEqual([]);
  });

  it('takes only https origins in IMAGE_ORIGINS', () => {
    expect(loadConfig({ IMAGE_ORIGINS: 'https://images.example.com, https://cdn.example.net/' }).IMAGE_ORIGINS).toEqual(['https://images.example.com', 'https://cdn.example.net']);
    expect(problemsOf({ IMAGE_ORIGINS: 'http://images.example.com,https://x.example.com/path,*' })).toHaveLength(3);
  });
});
