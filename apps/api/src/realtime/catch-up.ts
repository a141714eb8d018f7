import type { FastifyBaseLogger } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's LISTEN connections, and the catch-up its clients are told of after a gap (0088). */
    listenGaps: ListenGaps;
  }
}

/**
 * The catch-up rule (decision 0088). Every LISTEN connection of this node (the Socket.IO adapter's,
 * the menu cache's) reports here when it is lost and when it listens again. NOTIFY is not queued
 * for a listener that is not there, so whatever the other nodes (or the catalog's triggers) sent in
 * between is gone: once the connection listens again, this node's own sockets are told to catch up
 * (they refetch what the events would have said). Each gap is logged once when it begins and once
 * when it ends, however many reconnection attempts it takes.
 */
export class ListenGaps {
  private readonly lostAt = new Map<string, number>();
  private readonly listeningSince = new Map<string, number>();

  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    private readonly tellClients: (gapMs: number) => void,
    private readonly now: () => number = Date.now,
  ) {}

  lost(source: string, error?: Error): void {
    this.listeningSince.delete(source);
    if (this.lostAt.has(source)) return;
    this.lostAt.set(source, this.now());
    this.log.warn({ source, error: error?.message }, `${source}: LISTEN connection lost; events from other nodes are missed until it is back, then clients catch up`);
  }

  listening(source: string): void {
    const since = this.lostAt.get(source);
    // A first LISTEN counts as listening since ever: a node that just started says hello and its
    // peers answer at once; only a gap makes it forget peers that are still there.
    if (!this.listeningSince.has(source)) this.listeningSince.set(source, since === undefined ? -Infinity : this.now());
    // The first LISTEN of a node that just started: nobody connected here missed anything.
    if (since === undefined) return;
    this.lostAt.delete(source);
    const gapMs = this.now() - since;
    this.log.info({ source, gapMs }, `${source}: LISTEN connection back; this node's clients told to catch up`);
    this.tellClients(gapMs);
  }

  /**
   * A peer went silent without saying goodbye (killed, cut off): what it committed but had not yet
   * published is lost to every other node. Told while this node listens (in a gap of its own, the
   * catch-up at its end covers it); once per peer.
   */
  peerVanished(source: string, peer: string): void {
    if (this.lostAt.has(source)) return;
    this.log.info({ source, peer }, `${source}: a node went silent without closing; this node's clients told to catch up`);
    this.tellClients(0);
  }

  /** How long `source` has been listening since its last gap (Infinity: no gap yet; 0 while it is not). */
  listeningFor(source: string): number {
    const since = this.listeningSince.get(source);
    return since === undefined ? 0 : this.now() - since;
  }
}
