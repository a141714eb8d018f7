import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { TestContext } from './build.ts';

/**
 * Real Socket.IO clients (socket.io-client, as the SPA uses it) for the API's realtime tests: the
 * app listens on a free port, each client connects over WebSocket, joins rooms with the `subscribe`
 * acknowledgement and collects what it hears. `closeAll` disconnects every client it opened.
 */
export interface RealtimeClients {
  base: string;
  open(token?: string): Promise<Socket>;
  subscribe(socket: Socket, params: Record<string, unknown>): Promise<{ ok: boolean; room?: string; error?: string }>;
  closeAll(): void;
}

/** The app listening on 127.0.0.1 at a free port; its base URL. */
export async function listen(t: TestContext): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** Clients of an app that already listens at `base`. */
export function realtimeClients(base: string): RealtimeClients {
  const sockets: Socket[] = [];
  return {
    base,
    async open(token) {
      const socket = connect(base, { transports: ['websocket'], auth: token ? { token } : {}, forceNew: true });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    },
    subscribe: (socket, params) => new Promise((resolve) => socket.emit('subscribe', params, resolve)),
    closeAll() {
      for (const socket of sockets.splice(0)) socket.disconnect();
    },
  };
}

/** Every payload of `event` the socket receives from now on. */
export function collect<T = unknown>(socket: Socket, event: string): T[] {
  const received: T[] = [];
  socket.on(event, (payload: T) => received.push(payload));
  return received;
}

/** A client in a restaurant's storefront room: every payload of `event` it hears from now on. */
export async function restaurantListener<T = unknown>(clients: RealtimeClients, restaurantId: number, event: string): Promise<T[]> {
  const socket = await clients.open();
  const joined = await clients.subscribe(socket, { channel: 'restaurant', restaurant_id: restaurantId });
  if (!joined.ok) throw new Error(`could not join restaurant ${restaurantId}'s room`);
  return collect<T>(socket, event);
}

/** Waits until `check` holds (polled every 20 ms), failing with `what` after `timeoutMs`. */
export async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
