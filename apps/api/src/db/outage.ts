import type { Logger } from 'pino';

/** What met the database's absence, counted for the outage's summary lines. */
export type OutageEvent = 'request' | 'connection' | 'jobs' | 'readiness' | 'stale_read';

type Counts = Record<OutageEvent, number>;

const zero = (): Counts => ({ request: 0, connection: 0, jobs: 0, readiness: 0, stale_read: 0 });

/**
 * One account of a database outage in the log (issue #38): a line when it begins, a summary with
 * counts at most every `summaryEveryMs` while it lasts, a line when it ends. Everything that meets
 * the outage (a request's 503, a pool connection ended, the job queue's errors, a readiness probe,
 * a read served from memory) reports here instead of logging a line of its own with its SQL and
 * stack: a short outage used to write 1.2–2.9 KB per request.
 *
 * The end is noticed by probing the database (`SELECT 1` through the app's pool) every
 * `probeEveryMs` while it is away, so the "back" line comes even if no request arrives.
 */
export class DatabaseOutage {
  private since: number | null = null;
  private total = zero();
  private sinceSummary = zero();
  private lastSummary = 0;
  private timer: NodeJS.Timeout | null = null;
  private probing = false;
  private probe: (() => Promise<unknown>) | null = null;

  constructor(
    private readonly log: Pick<Logger, 'warn' | 'info'>,
    private readonly options: { summaryEveryMs?: number; probeEveryMs?: number } = {},
  ) {}

  /** How the end is noticed: a query that succeeds once the database is back. */
  setProbe(probe: () => Promise<unknown>): void {
    this.probe = probe;
  }

  get isDown(): boolean {
    return this.since !== null;
  }

  report(event: OutageEvent, error?: unknown): void {
    if (this.since === null) {
      this.since = Date.now();
      this.lastSummary = this.since;
      this.total = zero();
      this.sinceSummary = zero();
      const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
      this.log.warn(
        { outage: { first: event, error: typeof message === 'string' ? message : undefined, code: typeof code === 'string' ? code : undefined } },
        'database unreachable: requests that need it answer 503, recent public reads are served from memory; one summary line every few seconds until it is back',
      );
      this.timer = setInterval(() => void this.tick(), this.options.probeEveryMs ?? 1_000);
      this.timer.unref();
    }
    this.total[event]++;
    this.sinceSummary[event]++;
  }

  /** Stops the probe (the app is closing). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async tick(): Promise<void> {
    const since = this.since;
    if (this.probing || since === null) return;
    this.probing = true;
    try {
      await this.probe?.();
      if (!this.probe) return;
      this.stop();
      this.log.info({ outage: { durationMs: Date.now() - since, ...this.total } }, 'database reachable again');
      this.since = null;
    } catch {
      const now = Date.now();
      if (now - this.lastSummary >= (this.options.summaryEveryMs ?? 5_000)) {
        this.lastSummary = now;
        this.log.warn({ outage: { forMs: now - since, ...this.sinceSummary } }, 'database still unreachable');
        this.sinceSummary = zero();
      }
    } finally {
      this.probing = false;
    }
  }
}
