import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import { canActFor, resolveToken, type Auth } from '../plugins/auth.ts';
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
};

export interface Realtime {
  io: Server;
  /** Sends to a room on every node (PostgreSQL LISTEN/NOTIFY carries it across nodes). Call after commit. */
  emit(room: string, event: string, payload: unknown): void;
  /**
   * Channel authorisers: a later module (orders, fundraisers) registers who may join its rooms.
   * Return the room name to join, or null to refuse.
   */
  registerChannel(name: string, authorise: ChannelAuthoriser): void;
}

export type ChannelAuthoriser = (input: { params: Record<string, unknown>; auth: Auth | null }) => Promise<string | null> | string | null;

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

    // The token travels in the handshake's auth payload, never in the URL.
    io.use(async (socket: Socket, next) => {
      try {
        const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
        socket.data.auth = typeof token === 'string' ? await resolveToken(app, token) : null;
        next();
      } catch (error) {
        next(error as Error);
      }
    });

    io.on('connection', (socket: Socket) => {
      if (socket.data.auth) void socket.join(rooms.user((socket.data.auth as Auth).user.id));
      socket.on('subscribe', async (raw: unknown, ack?: (result: { ok: boolean; room?: string; error?: string }) => void) => {
        const parsed = SubscribeInput.safeParse(raw);
        const authorise = parsed.success ? channels.get(parsed.data.channel) : undefined;
        const room = authorise && parsed.success ? await authorise({ params: parsed.data, auth: socket.data.auth ?? null }) : null;
        if (!room) return ack?.({ ok: false, error: 'Not allowed' });
        await socket.join(room);
        ack?.({ ok: true, room });
      });
      socket.on('unsubscribe', async (raw: unknown) => {
        const parsed = SubscribeInput.safeParse(raw);
        const authorise = parsed.success ? channels.get(parsed.data.channel) : undefined;
        const room = authorise && parsed.success ? await authorise({ params: parsed.data, auth: socket.data.auth ?? null }) : null;
        if (room) await socket.leave(room);
      });
    });

    app.decorate('realtime', {
      io,
      emit: (room, event, payload) => {
        io.to(room).emit(event, payload);
      },
      registerChannel: (name, authorise) => {
        channels.set(name, authorise);
      },
    } satisfies Realtime);

    // Fastify closes the HTTP server itself; here only the sockets, the engine and the adapter's
    // LISTEN connection go, before the pool they use is ended.
    app.addHook('preClose', async () => {
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
