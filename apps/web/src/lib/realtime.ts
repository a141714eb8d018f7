import type { Socket } from 'socket.io-client';
import { CATCH_UP_EVENT } from '@kusina/domain/realtime';
import { useRealtimeStore } from '../stores/realtime-store.ts';

interface RealtimeSubscription extends Record<string, unknown> {
  channel: string;
}

export interface RealtimeOptions {
  subscriptions: RealtimeSubscription[];
  events: Record<string, (payload: unknown) => void>;
  /**
   * Called on every connect once each subscription is confirmed: events sent while the page was
   * not subscribed (before the first connect, during a disconnection) were missed, so a screen
   * refetches what the events would have told it. Called too on the server's `catch_up` (0088),
   * unless `events` handles that event itself.
   */
  onSubscribed?: () => void;
}

interface SubscribeAck {
  ok: boolean;
  room?: string;
  error?: string;
}

/**
 * Opens the Socket.IO connection (path /socket.io) and keeps the realtime store's fallback flag
 * honest: set when the connection is lost or refused (screens then poll), cleared on connect.
 * socket.io-client is imported on demand so it stays out of the home route's first download.
 * Returns a function that closes the connection.
 */
export function openRealtime({ subscriptions, events, onSubscribed }: RealtimeOptions): () => void {
  const { setFallback } = useRealtimeStore.getState();
  let socket: Socket | null = null;
  let closed = false;

  void import('socket.io-client')
    .then(({ io }) => {
      if (closed) return;
      // Same-origin: the handshake carries the session's httpOnly cookie (decision 0084), so a
      // screen opened signed in (or out) reconnects when that changes.
      socket = io({ path: '/socket.io', transports: ['websocket', 'polling'] });
      const current = socket;
      current.on('connect', () => {
        setFallback(false);
        // Rooms do not survive a reconnect: subscribe on every connect.
        let pending = subscriptions.length;
        for (const subscription of subscriptions) {
          current.emit('subscribe', subscription, (ack: SubscribeAck | undefined) => {
            if (!ack?.ok) setFallback(true);
            else if (--pending === 0) onSubscribed?.();
          });
        }
      });
      current.on('disconnect', () => setFallback(true));
      current.on('connect_error', () => setFallback(true));
      for (const [event, handler] of Object.entries(events)) current.on(event, handler);
      // The node lost its own line to the other nodes for a moment (decision 0088): events were
      // missed although this socket stayed connected, so the screen refetches as after a reconnect.
      if (onSubscribed && !(CATCH_UP_EVENT in events)) current.on(CATCH_UP_EVENT, () => onSubscribed());
    })
    .catch(() => setFallback(true));

  return () => {
    closed = true;
    socket?.removeAllListeners();
    socket?.disconnect();
    socket = null;
  };
}
