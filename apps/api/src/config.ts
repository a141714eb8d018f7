import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/**
 * Every environment variable the server reads, validated once at start-up
 * (.env.example documents each). A bad or missing value is reported all at once.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** External PostgreSQL ≥ 15. Unset: a real embedded PostgreSQL under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./.data'),
  /** Port of the embedded server; unset: a free port is chosen at each start. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Signs session tokens (cookie and bearer). Unset: generated on first start and kept in DATA_DIR/secrets.json. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Session lifetimes per role (decision 0084), enforced on the session row. Customers: sliding,
   * ended after IDLE days without a request, and at most MAX days after sign-in. Staff and admins:
   * a shift. The super admin, who can act in every restaurant: shorter still.
   */
  CUSTOMER_SESSION_IDLE_DAYS: z.coerce.number().int().positive().default(30),
  CUSTOMER_SESSION_MAX_DAYS: z.coerce.number().int().positive().default(90),
  STAFF_SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  STAFF_SESSION_MAX_HOURS: z.coerce.number().int().positive().default(12),
  SUPER_ADMIN_SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SUPER_ADMIN_SESSION_MAX_HOURS: z.coerce.number().int().positive().default(4),
  /** The session cookie's Secure flag. Unset: on when PUBLIC_URL is https (a plain-http localhost start keeps working). */
  COOKIE_SECURE: bool.optional(),
  /** Where links in e-mails point, e.g. https://order.kusina.example. */
  PUBLIC_URL: z.string().url().optional(),
  /** Browser origins allowed to call the API cross-origin (comma separated). Same-origin always works. */
  CORS_ORIGINS: csv.default([]),
  /** The restaurant a storefront serves by default (storefront.md §1 fixes it at 1). */
  DEFAULT_RESTAURANT_ID: z.coerce.number().int().positive().default(1),
  /** Host names that serve another restaurant's storefront: "blue.example.com=2,other.example=3". */
  RESTAURANT_HOSTS: csv.default([]),
  /**
   * Seed the demo restaurants, accounts (the README's public password) and catalog when the
   * database is empty. Unset: yes on the embedded database, no on an external DATABASE_URL.
   */
  SEED_DEMO: bool.optional(),
  /** The operator's acknowledgement that a production start on an external DATABASE_URL seeds the demo (a staging copy). */
  SEED_DEMO_IN_PRODUCTION: bool.default(false),
  /**
   * Whether the built-in test processor (any Luhn-valid card is "paid") may answer. Unset: yes,
   * except in production on an external DATABASE_URL (decision 0086).
   */
  ALLOW_TEST_PAYMENTS: bool.optional(),
  /**
   * Customers' texts and e-mails may stay in the outbox (no SMTP_URL / SMS_API_URL). Unset: yes,
   * except in production on an external DATABASE_URL, where it must be chosen explicitly.
   */
  MESSAGES_OUTBOX_ONLY: bool.optional(),
  /**
   * Other https origins images may come from (the CSP's img-src), comma separated, e.g. a CDN that
   * holds the hero picture an admin linked. Unset: images come only from the app (uploads included).
   */
  IMAGE_ORIGINS: csv.default([]),
  /** Serve the API documentation at /api/docs. Unset: yes, except in production on an external DATABASE_URL. */
  API_DOCS: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Whether X-Forwarded-For names the client (the rate limits' key, the sessions' IP). Unset or
   * false: no — the connection's address does, so no client can pick its own key. true: every
   * proxy in front is trusted; a number: that many hops; else a comma-separated list of proxy
   * addresses or CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1).
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[\d.:a-fA-F/]+(\s*,\s*[\d.:a-fA-F/]+)*)$/, 'must be true, false, a hop count or a comma-separated list of proxy addresses')
    .optional(),
  /** Auth routes (login, signup, codes, resets): requests per client per minute. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /** How long a public read just served is answered from memory while the database is away (0: never; issue #38). */
  READ_GRACE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** SMTP server for e-mail, e.g. smtps://user:pass@smtp.example.com:465. Unset: outbox only. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Kusina <no-reply@kusina.example>'),
  /** HTTP SMS provider: POST {to, body} as JSON with a bearer token. Unset: outbox only. */
  SMS_API_URL: z.string().url().optional(),
  SMS_API_TOKEN: z.string().optional(),
  SMS_FROM: z.string().optional(),
  /** Stripe secret key (sk_live_… / sk_test_…). Needed only by restaurants whose payment_gateway is stripe with test_mode false. */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** Signing secret of the Stripe webhook endpoint /api/v1/payments/stripe/webhook (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Another Stripe API address (stripe-mock, tests), e.g. http://127.0.0.1:12111. Unset: api.stripe.com. */
  STRIPE_API_BASE: z.string().url().optional(),
  /** PayPal REST app credentials, for restaurants whose payment_gateway is paypal with test_mode false. */
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  /** PayPal REST base. Unset: https://api-m.paypal.com in production, the sandbox otherwise. */
  PAYPAL_API_BASE: z.string().url().optional(),
  /** Promo and VIP code checks allowed per client per minute (guessing protection). */
  CODE_CHECK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Table bookings and guest-link calls allowed per client per minute (issue #21: no filling the room by script). */
  RESERVATION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /**
   * Analytics (decision 0117): `first-party` keeps page views, page leaves and clicks in this
   * database; `posthog` forwards them to POSTHOG_HOST instead; `off` collects nothing.
   */
  ANALYTICS: z.enum(['first-party', 'posthog', 'off']).default('first-party'),
  POSTHOG_HOST: z.string().url().optional(),
  POSTHOG_API_KEY: z.string().min(1).optional(),
  /** Analytics batches per client per minute (a tab sends one every 3 s at most). */
  ANALYTICS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /**
   * Texts and e-mails that requests without a sign-in may cause (bookings, phone codes, reset
   * links), per phone or address, per hour and per day (issue #33; decision 0085).
   */
  MESSAGES_PER_DESTINATION_PER_HOUR: z.coerce.number().int().positive().default(5),
  MESSAGES_PER_DESTINATION_PER_DAY: z.coerce.number().int().positive().default(20),
  /** Built SPA to serve; unset: apps/web/dist next to the API. */
  WEB_DIST_DIR: z.string().optional(),
  UPLOADS_DIR: z.string().optional(),
});

type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  dataDir: string;
  uploadsDir: string;
  publicUrl: string;
  /** Whether the session cookie is Secure (COOKIE_SECURE, else whether PUBLIC_URL is https). */
  cookieSecure: boolean;
  restaurantHosts: Map<string, number>;
  paypalApiBase: string;
  /**
   * Production on an external DATABASE_URL: a real deployment, whose defaults fail closed (no demo,
   * no test payments, no secrets in the log, no public API docs; decision 0086). The embedded
   * database (`npm start`, the e2e server) is the demo, even with NODE_ENV=production.
   */
  liveDeployment: boolean;
  /** SEED_DEMO with its default applied. */
  seedDemo: boolean;
  /** ALLOW_TEST_PAYMENTS with its default applied. */
  allowTestPayments: boolean;
  /** API_DOCS with its default applied. */
  apiDocs: boolean;
  /** Fastify's trustProxy, from TRUST_PROXY (false when unset). */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
}

/** TRUST_PROXY as Fastify's trustProxy option. */
function trustProxyOf(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((part) => part.trim()).join(',');
}

function isHttpsOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

function isLiveDeployment(env: Env): boolean {
  return env.NODE_ENV === 'production' && env.DATABASE_URL !== undefined;
}

/**
 * What a start refuses (decision 0086). In production on an external database: the demo's accounts,
 * whose password the README prints, unless acknowledged. Anywhere: customers' messages left in the
 * outbox (nobody would receive a code or a reset link) unless MESSAGES_OUTBOX_ONLY allows it, which
 * it does by default only off a live deployment.
 */
function deploymentProblems(env: Env): string[] {
  const live = isLiveDeployment(env);
  const problems: string[] = [];
  if (live && env.SEED_DEMO === true && !env.SEED_DEMO_IN_PRODUCTION) {
    problems.push(
      'SEED_DEMO: seeding the demo in production on an external DATABASE_URL creates accounts whose password is public; set SEED_DEMO=false, or SEED_DEMO_IN_PRODUCTION=true for a staging copy',
    );
  }
  const missing = [!env.SMTP_URL && 'SMTP_URL', !env.SMS_API_URL && 'SMS_API_URL'].filter((name): name is string => Boolean(name));
  if (missing.length > 0 && !(env.MESSAGES_OUTBOX_ONLY ?? !live)) {
    const what = [missing.includes('SMTP_URL') && 'e-mails', missing.includes('SMS_API_URL') && 'texts'].filter(Boolean).join(' and ');
    problems.push(
      `MESSAGES_OUTBOX_ONLY: without ${missing.join(' and ')} customers' ${what} stay in the outbox and reach nobody; configure ${missing.join(' and ')}, or set MESSAGES_OUTBOX_ONLY=true to choose that`,
    );
  }
  return problems;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset", as they do in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`);
  }
  const restaurantHosts = new Map<string, number>();
  if (parsed.success) {
    for (const entry of parsed.data.RESTAURANT_HOSTS) {
      const [host, id] = entry.split('=');
      const numeric = Number(id);
      if (!host || !Number.isInteger(numeric) || numeric <= 0) {
        problems.push(`RESTAURANT_HOSTS: "${entry}" must look like host.example.com=2`);
      } else {
        restaurantHosts.set(host.toLowerCase(), numeric);
      }
    }
    if (parsed.data.NODE_ENV === 'production' && parsed.data.DATABASE_URL && !parsed.data.JWT_SECRET) {
      problems.push('JWT_SECRET: required in production with an external DATABASE_URL (every node must share it)');
    }
    problems.push(...deploymentProblems(parsed.data));
    if (parsed.data.ANALYTICS === 'posthog' && (!parsed.data.POSTHOG_HOST || !parsed.data.POSTHOG_API_KEY)) {
      problems.push('ANALYTICS: posthog needs POSTHOG_HOST and POSTHOG_API_KEY (or use first-party or off)');
    }
    for (const origin of parsed.data.IMAGE_ORIGINS) {
      if (!isHttpsOrigin(origin)) problems.push(`IMAGE_ORIGINS: "${origin}" must be an https origin like https://images.example.com`);
    }
  }
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);

  const data = parsed.data;
  const dataDir = path.resolve(data.DATA_DIR);
  const liveDeployment = isLiveDeployment(data);
  const publicUrl = (data.PUBLIC_URL ?? `http://localhost:${data.PORT}`).replace(/\/$/, '');
  return {
    ...data,
    liveDeployment,
    seedDemo: data.SEED_DEMO ?? !data.DATABASE_URL,
    allowTestPayments: data.ALLOW_TEST_PAYMENTS ?? !liveDeployment,
    apiDocs: data.API_DOCS ?? !liveDeployment,
    IMAGE_ORIGINS: data.IMAGE_ORIGINS.map((origin) => new URL(origin).origin),
    dataDir,
    uploadsDir: path.resolve(data.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    publicUrl,
    cookieSecure: data.COOKIE_SECURE ?? publicUrl.startsWith('https://'),
    restaurantHosts,
    trustProxy: trustProxyOf(data.TRUST_PROXY),
    paypalApiBase: (data.PAYPAL_API_BASE ?? (data.NODE_ENV === 'production' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com')).replace(/\/$/, ''),
  };
}

/**
 * The configuration as the server and the setup command read it: a .env in the working directory
 * fills in variables the environment does not already set, then loadConfig. A bad config ends the
 * process with every problem listed.
 */
export function readConfig(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
