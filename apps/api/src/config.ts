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
  /** Signs access tokens. Unset: generated on first start and kept in DATA_DIR/secrets.json. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_HOURS: z.coerce.number().int().positive().default(24 * 30),
  /** Where links in e-mails point, e.g. https://order.kusina.example. */
  PUBLIC_URL: z.string().url().optional(),
  /** Browser origins allowed to call the API cross-origin (comma separated). Same-origin always works. */
  CORS_ORIGINS: csv.default([]),
  /** The restaurant a storefront serves by default (storefront.md §1 fixes it at 1). */
  DEFAULT_RESTAURANT_ID: z.coerce.number().int().positive().default(1),
  /** Host names that serve another restaurant's storefront: "blue.example.com=2,other.example=3". */
  RESTAURANT_HOSTS: csv.default([]),
  /** Seed the demo restaurants, accounts and catalog when the database is empty. */
  SEED_DEMO: bool.default(true),
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
  /** Built SPA to serve; unset: apps/web/dist next to the API. */
  WEB_DIST_DIR: z.string().optional(),
  UPLOADS_DIR: z.string().optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  dataDir: string;
  uploadsDir: string;
  publicUrl: string;
  restaurantHosts: Map<string, number>;
  paypalApiBase: string;
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
  }
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);

  const data = parsed.data;
  const dataDir = path.resolve(data.DATA_DIR);
  return {
    ...data,
    dataDir,
    uploadsDir: path.resolve(data.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    publicUrl: (data.PUBLIC_URL ?? `http://localhost:${data.PORT}`).replace(/\/$/, ''),
    restaurantHosts,
    trustProxy: trustProxyOf(data.TRUST_PROXY),
    paypalApiBase: (data.PAYPAL_API_BASE ?? (data.NODE_ENV === 'production' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com')).replace(/\/$/, ''),
  };
}
