/**
 * Stands in for socket.io-client at the network boundary (test/setup.ts mocks the package with
 * it): records what the app emits and lets a test push server events.
 */
type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  readonly listeners = new Map<string, Set<Listener>>();
  readonly emitted: Array<{ event: string; payload: unknown }> = [];
  disconnected = false;
  /** What the server answers to 'subscribe'. */
  subscribeAck: { ok: boolean; room?: string; error?: string } = { ok: true, room: 'restaurant:1' };

  constructor(readonly options: Record<string, unknown> | undefined) {}

  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  emit(event: string, payload?: unknown, ack?: (result: unknown) => void): this {
    this.emitted.push({ event, payload });
    if (event === 'subscribe') ack?.(this.subscribeAck);
    return this;
  }

  /** A server-side event (or connect/disconnect) arriving. */
  serverEmit(event: string, ...args: unknown[]): void {
    this.listeners.get(event)?.forEach((listener) => listener(...args));
  }

  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }

  disconnect(): this {
    this.disconnected = true;
    return this;
  }
}

export const sockets: FakeSocket[] = [];

export function io(options?: Record<string, unknown>): FakeSocket {
  const socket = new FakeSocket(options);
  sockets.push(socket);
  return socket;
}
