import type pg from 'pg';
import type { Namespace } from 'socket.io';
import { createAdapter, type PostgresAdapter } from '@socket.io/postgres-adapter';
import { notifyCoalescingPool } from './notify-pool.ts';

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
export function crossNodeAdapter(pool: pg.Pool): (nsp: Namespace) => PostgresAdapter {
  const create = createAdapter(notifyCoalescingPool(pool), { tableName: 'socket_io_attachments' }) as unknown as (
    nsp: Namespace,
  ) => PostgresAdapter;
  // Called with `new` by Socket.IO: returning the adapter makes it the constructed object.
  return function adapterFor(nsp: Namespace): PostgresAdapter {
    const adapter = create(nsp);
    const broadcast: Broadcast = adapter.broadcast.bind(adapter);
    adapter.broadcast = async (packet, opts) => {
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
