import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { ErrorCodes } from '@kusina/domain/errors';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { DatabaseOutage } from './db/outage.ts';
import { serviceDeps } from './deps.ts';
import { postgresRateLimitStore } from './lib/limits.ts';
import { loggedUrl } from './lib/logged-url.ts';
import authPlugin from './plugins/auth.ts';
import dbPlugin from './plugins/db.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { ReadGrace } from './plugins/read-grace.ts';
import { securityHeaders as buildSecurityHeaders } from './plugins/security-headers.ts';
import { registerSpa, themeResolver } from './plugins/spa.ts';
import { loadPageRenderer } from './plugins/spa-render.ts';
import realtimePlugin from './realtime/socket.ts';
import { restaurantRoutes } from './modules/restaurants/routes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { promotionRoutes } from './modules/promotions/routes.ts';
import menuCachePlugin from './modules/menu/cache.ts';
import wholesaleListCachePlugin from './modules/wholesale/list-cache.ts';
import { menuRoutes } from './modules/menu/routes.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { teamRoutes } from './modules/accounts/team-routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { merchandiseRoutes } from './modules/merchandise/routes.ts';
import { orderManagementRoutes } from './modules/order-management/routes.ts';
import { reservationRoutes } from './modules/reservations/routes.ts';
import { floorRoutes } from './modules/floor/routes.ts';
import { seatingRoutes } from './modules/seating/routes.ts';
import { waitlistRoutes } from './modules/waitlist/routes.ts';
import { guestRoutes } from './modules/guests/routes.ts';
import { startReservationJobs } from './modules/reservations/reminders.ts';
import { wholesaleRoutes } from './modules/wholesale/routes.ts';
import { participantPreview, startWholesaleJobs } from './modules/wholesale/service.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { startNotificationWorker } from './modules/notifications/worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    databaseOutage: DatabaseOutage;
    /** The clock opening hours are judged by (issue #23): the real one, or a test's. */
    clock: () => Date;
  }
}

export interface AppDeps {
  config: Config;
  pool: pg.Pool;
  db: Database;
  /** pg-boss, started by the caller; jobs are sent through it and its workers run in this process. */
  boss: PgBoss;
  jwtSecret: string;
  /** Serve the built SPA (production and e2e); the API tests leave it off. */
  serveWeb?: boolean;
  /** Carry realtime events across nodes through PostgreSQL (off for single-process tests). */
  realtimeCrossNode?: boolean;
  /** The clock opening hours are judged by; tests pass a fixed one (default: the real clock). */
  now?: () => Date;
  /** The one account of a database outage in the log (main shares it with the pool and the job queue); default: the app's own. */
  outage?: DatabaseOutage;
  /** Where the log goes (default: stdout); tests read it to prove what it never holds. */
  logStream?: { write(line: string): void };
}

const here = path.dirname(fileURLToPath(import.meta.url));

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.card', '*.access_token'],
            // The request line without guest tokens (query strings, token path segments): issue #33.
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: loggedUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    // X-Forwarded-For is believed only from configured proxies (TRUST_PROXY): otherwise any client
    // could name itself anew with each request and never meet a rate limit.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (a malformed URL, a path segment past 100 characters) in the one error shape.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply).status(error.statusCode ?? 400).send({ error: { code: ErrorCodes.validation, message: 'The address is not valid.' } });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('clock', deps.now ?? (() => new Date()));
  // Outage logging and the probe that notices the end (issue #38).
  const outage = deps.outage ?? new DatabaseOutage(app.log);
  outage.setProbe(() => deps.pool.query('SELECT 1'));
  app.decorate('databaseOutage', outage);
  app.addHook('onClose', async () => outage.stop());
  app.decorate('readGrace', new ReadGrace(config.READ_GRACE_SECONDS * 1000));
  // A callback hook, not an async one: it runs on every response, and costs no promise that way.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  registerErrorHandler(app);

  // Helmet's security headers, the CSP allowing only the app and the configured processors.
  const securityHeaders = buildSecurityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
  await app.register(cors, {
    // Same-origin requests need no CORS; only listed origins may call from elsewhere.
    origin: config.CORS_ORIGINS.length > 0 ? config.CORS_ORIGINS : false,
    credentials: true,
  });
  // The routes' per-client limits count in PostgreSQL, so every node sees one count (decision 0085).
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(deps.pool, () => app.clock()) });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Kusina API', version: '1.0.0', description: 'Storefront, fundraisers, reservations and back office.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The API's documentation is public only where configured (API_DOCS; off by default on a live
  // deployment, decision 0086): it maps every route for whoever asks.
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(dbPlugin, { pool: deps.pool, db: deps.db });
  await app.register(authPlugin, { secret: deps.jwtSecret });
  await app.register(realtimePlugin, { crossNode: deps.realtimeCrossNode ?? true });
  await app.register(menuCachePlugin);
  await app.register(wholesaleListCachePlugin);
  app.decorate('boss', deps.boss);
  // What services are given (decision 0095): built once, handed over by every route.
  app.decorate('deps', serviceDeps(app));
  // Texts and e-mails are delivered by this process's worker (issue #2).
  await startNotificationWorker(app);
  // Day-before reminders of approved reservations (issue #21).
  await startReservationJobs(app);
  // Pickup-day texts of fundraiser orders (issue #36, decision 0123).
  await startWholesaleJobs(app);

  // Liveness: the process answers (a load balancer restarts it only when this fails).
  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  // Readiness: the process can serve, its database answers (a load balancer sends it traffic only then).
  app.get('/health/ready', { schema: { tags: ['system'], summary: 'Readiness: 200 when the database answers, 503 while it cannot be reached' } }, async (_request, reply) => {
    const started = Date.now();
    try {
      await deps.pool.query('SELECT 1');
      return { status: 'ready', database: { status: 'ok', latency_ms: Date.now() - started } };
    } catch (error) {
      app.databaseOutage.report('readiness', error);
      return reply.status(503).header('retry-after', '5').send({ status: 'unavailable', database: { status: 'unreachable', latency_ms: Date.now() - started } });
    }
  });
  app.get('/api/info', { schema: { tags: ['system'], summary: 'Service name, version and database status' } }, async () => {
    const started = Date.now();
    await deps.pool.query('SELECT 1');
    return {
      name: 'kusina',
      version: process.env.npm_package_version ?? '0.1.0',
      environment: config.NODE_ENV,
      database: { status: 'ok', latency_ms: Date.now() - started, embedded: !config.DATABASE_URL },
      uptime_s: Math.round(process.uptime()),
    };
  });

  await app.register(
    async (api) => {
      await api.register(restaurantRoutes);
      await api.register(orderRoutes);
      await api.register(paymentRoutes);
      await api.register(promotionRoutes);
      await api.register(menuRoutes);
      await api.register(accountRoutes);
      await api.register(teamRoutes);
      await api.register(auditRoutes);
      await api.register(notificationRoutes);
      await api.register(merchandiseRoutes);
      await api.register(orderManagementRoutes);
      await api.register(reservationRoutes);
      await api.register(floorRoutes);
      await api.register(seatingRoutes);
      await api.register(waitlistRoutes);
      await api.register(guestRoutes);
      await api.register(wholesaleRoutes, { prefix: '/wholesale' });
      await api.register(analyticsRoutes);
      await api.register(reportRoutes);
    },
    { prefix: '/api/v1' },
  );

  // Uploaded images (merchandise): content-hashed names, so they are cached for a year.
  mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    setHeaders: (res) => {
      res.header('Cache-Control', 'public, max-age=31536000, immutable');
      res.header('X-Content-Type-Options', 'nosniff');
    },
  });

  if (deps.serveWeb) {
    const distDir = path.resolve(config.WEB_DIST_DIR ?? path.resolve(here, '../../web/dist'));
    await registerSpa(app, distDir, { theme: themeResolver(app), render: await loadPageRenderer(app, distDir), preview: (restaurantId, urlPath) => participantPreview(app.deps, restaurantId, urlPath) });
  }

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    boss: PgBoss;
  }
}
