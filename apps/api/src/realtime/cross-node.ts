import type pg from 'pg';
import type { Namespace } from 'socket.io';
import { createAdapter, type PostgresAdapter } from '@socket.io/postgres-adapter';
import type { ListenGaps } from './catch-up.ts';
import { notifyCoalescingPool } from './notify-pool.ts';

/** This connection's name in ListenGaps (and in the log). */
const ADAPTER_SOURCE = 'realtime adapter';
/**
 * A peer is forgotten after 10 s without a word (socket.io-adapter's heartbeatTimeout; each node
 * speaks at least every 5 s), so one who has listened this long without a gap has heard every peer
 * that is there.
 */
const PEER_SILENCE_MS = 12_000;
/** socket.io-adapter's MessageType.ADAPTER_CLOSE: a peer's goodbye (cluster-adapter.js). */
const ADAPTER_CLOSE = 13;

type Broadcast = PostgresAdapter['broadcast'];

/**
 * The Socket.IO adapter that carries broadcasts to the other nodes through PostgreSQL
 * (@socket.io/postgres-adapter: NOTIFY, and LISTEN on every node), publishing a broadcast only
 * when another node is there to hear it.
 *
 * The adapter knows its peers: each node announces itself when it starts (and the others answer),
 * says so again at least every 5 s, and says goodbye when it closes; a node silent for 10 s is
 * forgotten (socket.io-adapter's ClusterAdapterWithHeartbeat). While a node knows no other, a
 * broadcast is delivered to its own sockets only, as `io.local` would — the NOTIFY would reach
 * nobody but this node's own LISTEN connection, which parses the payload and drops it as its own.
 * On a single node (the default deployment) that round trip was most of what an order's
 * announcement to the board cost (decision 0021); and a broadcast to rooms where no socket of
 * this node is (nobody has the board open) is not even encoded. From the moment another node's
 * hello is heard, every broadcast is published again.
 */
export function crossNodeAdapter(pool: pg.Pool, gaps: ListenGaps): (nsp: Namespace) => PostgresAdapter {
  const adapters = new Set<PostgresAdapter>();
  const watch = {
    lost: () => gaps.lost(ADAPTER_SOURCE),
    listening: () => {
      gaps.listening(ADAPTER_SOURCE);
      // Hello again (the peers answer at once): they may have forgotten this node while it could
      // not be heard, and the sooner they know it again the sooner their broadcasts reach it.
      for (const adapter of adapters) adapter.init();
    },
  };
  const create = createAdapter(notifyCoalescingPool(pool, watch), { tableName: 'socket_io_attachments' }) as unknown as (
    nsp: Namespace,
  ) => PostgresAdapter;
  // Called with `new` by Socket.IO: returning the adapter makes it the constructed object.
  return function adapterFor(nsp: Namespace): PostgresAdapter {
    const adapter = create(nsp);
    adapters.add(adapter);
    const close = adapter.close.bind(adapter);
    adapter.close = () => {
      adapters.delete(adapter);
      return close();
    };
    // A peer forgotten without its goodbye (ADAPTER_CLOSE) died or was cut off: its last
    // broadcasts may never have gone out, so this node's clients catch up (decision 0088).
    const internals = adapter as unknown as { onMessage(message: { type: number; uid?: string }, offset?: string): void; removeNode(uid: string): void };
    const saidGoodbye = new Set<string>();
    const onMessage = internals.onMessage.bind(adapter);
    internals.onMessage = (message, offset) => {
      if (message.type === ADAPTER_CLOSE && message.uid) saidGoodbye.add(message.uid);
      onMessage(message, offset);
    };
    const removeNode = internals.removeNode.bind(adapter);
    internals.removeNode = (uid) => {
      const clean = saidGoodbye.delete(uid);
      removeNode(uid);
      if (!clean) gaps.peerVanished(ADAPTER_SOURCE, uid);
    };
    const broadcast: Broadcast = adapter.broadcast.bind(adapter);
    adapter.broadcast = async (packet, opts) => {
      // After a gap, knowing no peer proves being alone only once the channel has been heard for
      // longer than a peer stays silent: an outage makes every peer forgotten, and a broadcast kept
      // local then would reach no other board after those boards had caught up (decision 0088).
      if (gaps.listeningFor(ADAPTER_SOURCE) < PEER_SILENCE_MS) return broadcast(packet, opts);
      // 1 + the peers heard from in the last 10 s. Every broadcast waits for this one answer, so
      // their order is kept.
      if ((await adapter.serverCount()) > 1) return broadcast(packet, opts);
      // Alone, and nobody here listens (no staff board open, say): nothing to encode or send.
      const listening = opts.rooms.size === 0 ? adapter.sids.size > 0 : [...opts.rooms].some((room) => (adapter.rooms.get(room)?.size ?? 0) > 0);
      if (listening) return broadcast(packet, { ...opts, flags: { ...opts.flags, local: true } });
    };
    return adapter;
  };
}
