import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import { notCrossSite, readCookie, resolveToken, sessionAuth, SESSION_COOKIE } from '../plugins/auth.ts';
import { canActFor, type Auth } from '../lib/access.ts';
import { liveSessions } from '../modules/accounts/service.ts';
import { CATCH_UP_EVENT, type CatchUpEvent } from '@kusina/domain/realtime';
import { ListenGaps } from './catch-up.ts';
import { crossNodeAdapter } from './cross-node.ts';

/** Room names: one place, so emitters and subscribers agree. */
export const rooms = {
  restaurant: (restaurantId: number) => `restaurant:${restaurantId}`,
  staff: (restaurantId: number) => `staff:${restaurantId}`,
  user: (userId: number) => `user:${userId}`,
  order: (orderId: number | string) => `order:${orderId}`,
  fundraiser: (fundraiserId: number) => `fundraiser:${fundraiserId}`,
  /** Guests following their place in a restaurant's line (decision 0108): told only that it moved. */
  waitlist: (restaurantId: number) => `waitlist:${restaurantId}`,
  /** Every socket a session opened, on any node: closed together when the session ends. */
  session: (sessionId: string) => `session:${sessionId}`,
};

/**
 * How often each node asks whether the sessions of its open sockets are still live: a session that
 * reached its idle or absolute limit, or was ended where no app code ran (a role changed in psql,
 * decision 0084), loses its sockets within this time.
 */
const SESSION_SWEEP_MS = 60_000;

export interface Realtime {
  io: Server;
  /** Sends to a room on every node (PostgreSQL LISTEN/NOTIFY carries it across nodes). Call after commit. */
  emit(room: string, event: string, payload: unknown): void;
  /**
   * Channel authorisers: a later module (orders, fundraisers) registers who may join its rooms.
   * Return the room name to join, or null to refuse.
   */
  registerChannel(name: string, authorise: ChannelAuthoriser): void;
  /** Closes every socket of these sessions, on every node. Call after the commit that ended them. */
  endSessions(sessionIds: string[]): void;
  /** Closes this node's sockets whose session is no longer live (run every SESSION_SWEEP_MS). */
  sweepSessions(): Promise<void>;
}

type ChannelAuthoriser = (input: { params: Record<string, unknown>; auth: Auth | null }) => Promise<string | null> | string | null;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

const SubscribeInput = z.object({ channel: z.string().min(1).max(50) }).passthrough();

export default fp(
  async (app: FastifyInstance, options: { crossNode: boolean }) => {
    const io = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      cors: app.config.CORS_ORIGINS.length ? { origin: app.config.CORS_ORIGINS } : undefined,
    });
    // A LISTEN gap ends with this node's own sockets told to catch up (decision 0088).
    const gaps = new ListenGaps(app.log, (gapMs) => io.local.emit(CATCH_UP_EVENT, { gap_ms: gapMs } satisfies CatchUpEvent));
    app.decorate('listenGaps', gaps);
    if (options.crossNode) io.adapter(crossNodeAdapter(app.pool, gaps));

    const channels = new Map<string, ChannelAuthoriser>();
    channels.set('restaurant', ({ params }) => {
      const id = Number(params.restaurant_id);
      return Number.isInteger(id) && id > 0 ? rooms.restaurant(id) : null;
    });
    channels.set('staff', ({ params, auth }) => {
      const id = Number(params.restaurant_id ?? auth?.user.restaurantId);
      return canActFor(auth?.user, id) ? rooms.staff(id) : null;
    });

    // An API client's token travels in the handshake's auth payload, never in the URL; a browser's
    // session is its cookie, not believed from another site's page (which could open a WebSocket
    // here, and the browser might attach the cookie; a WebSocket always names its origin). The
    // polling fallback's same-origin GET names none (no Origin, and Referrer-Policy: no-referrer).
    io.use(async (socket: Socket, next) => {
      try {
        const { headers } = socket.handshake;
        const given = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
        const cookie = readCookie(headers.cookie, SESSION_COOKIE);
        const token =
          typeof given === 'string'
            ? given
            : cookie && notCrossSite(app.config, { origin: headers.origin, referer: headers.referer, host: headers.host })
              ? cookie
              : null;
        const auth = await resolveToken(app, token);
        socket.data.auth = auth;
        socket.data.sessionId = auth?.sessionId ?? null;
        next();
      } catch (error) {
        next(error as Error);
      }
    });

    /**
     * The socket's session asked again: a subscribe may join a staff room, so what the handshake
     * found is not trusted for the socket's whole life. An ended session closes the socket.
     */
    const currentAuth = async (socket: Socket): Promise<Auth | null | 'ended'> => {
      const sessionId = socket.data.sessionId as string | null | undefined;
      if (!sessionId) return null;
      const auth = await sessionAuth(app, sessionId);
      socket.data.auth = auth;
      return auth ?? 'ended';
    };

    const SESSION_ENDED = 'Your session has ended. Please sign in again.';
    io.on('connection', (socket: Socket) => {
      const auth = socket.data.auth as Auth | null;
      if (auth) {
        void socket.join(rooms.user(auth.user.id));
        void socket.join(rooms.session(auth.sessionId));
      }
      socket.on('subscribe', async (raw: unknown, ack?: (result: { ok: boolean; room?: string; error?: string }) => void) => {
        const parsed = SubscribeInput.safeParse(raw);
        const authorise = parsed.success ? channels.get(parsed.data.channel) : undefined;
        if (!authorise || !parsed.success) return ack?.({ ok: false, error: 'Not allowed' });
        try {
          const current = await currentAuth(socket);
          if (current === 'ended') {
            ack?.({ ok: false, error: SESSION_ENDED });
            socket.disconnect(true);
            return;
          }
          const room = await authorise({ params: parsed.data, auth: current });
          if (!room) return ack?.({ ok: false, error: 'Not allowed' });
          await socket.join(room);
          ack?.({ ok: true, room });
        } catch {
          // The database is out of reach (the session cannot be asked): refused for now; the
          // client polls meanwhile and subscribes again on its next connect.
          ack?.({ ok: false, error: 'Please try again.' });
        }
      });
      socket.on('unsubscribe', async (raw: unknown) => {
        const parsed = SubscribeInput.safeParse(raw);
        const authorise = parsed.success ? channels.get(parsed.data.channel) : undefined;
        const room = authorise && parsed.success ? await authorise({ params: parsed.data, auth: socket.data.auth ?? null }) : null;
        if (room) await socket.leave(room);
      });
    });

    const sweepSessions = async () => {
      const bySession = new Map<string, Socket[]>();
      for (const socket of io.of('/').sockets.values()) {
        const sessionId = socket.data.sessionId as string | null | undefined;
        if (sessionId) bySession.set(sessionId, [...(bySession.get(sessionId) ?? []), socket]);
      }
      if (bySession.size === 0) return;
      const live = await liveSessions(app.deps, [...bySession.keys()]);
      for (const [sessionId, sockets] of bySession) if (!live.has(sessionId)) for (const socket of sockets) socket.disconnect(true);
    };
    const sweep = setInterval(() => {
      sweepSessions().catch((error: unknown) => app.log.warn({ err: error }, 'realtime: the session sweep failed; it runs again shortly'));
    }, SESSION_SWEEP_MS);
    sweep.unref();

    app.decorate('realtime', {
      io,
      emit: (room, event, payload) => {
        io.to(room).emit(event, payload);
      },
      registerChannel: (name, authorise) => {
        channels.set(name, authorise);
      },
      endSessions: (sessionIds) => {
        for (const sessionId of sessionIds) io.in(rooms.session(sessionId)).disconnectSockets(true);
      },
      sweepSessions,
    } satisfies Realtime);

    // Fastify closes the HTTP server itself; here only the sockets, the engine and the adapter's
    // LISTEN connection go, before the pool they use is ended.
    app.addHook('preClose', async () => {
      clearInterval(sweep);
      // This node's sockets only: through the cluster adapter a plain disconnectSockets reaches
      // every node, and a node leaving (a rolling deploy's SIGTERM) ended every board's connection
      // on all of them, with the "io server disconnect" a client does not reconnect after (#38).
      io.local.disconnectSockets(true);
      await io.of('/').adapter.close();
      io.engine.close();
    });
  },
  { name: 'realtime', dependencies: ['db', 'auth'] },
);
