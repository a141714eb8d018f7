import { ANALYTICS_BATCH_MAX, ANALYTICS_FLUSH_MS, ANALYTICS_IDLE_SESSION_SECONDS, isBackOfficePath } from '@kusina/domain/analytics-rules';
import type { AnalyticsEventInput } from '@kusina/domain/analytics';
import { attachAnalyticsClient, type PageView } from './analytics-queue.ts';

/*
 * The analytics client (issue #37 item 5; backoffice-reservations.md §1, §6, §9; decision 0117),
 * loaded once the page is idle. It sends page views, page leaves (with how long the page was shown)
 * and clicks on buttons and links in batches every ANALYTICS_FLUSH_MS to this site's API, which adds
 * who is signed in and the restaurant. A visit ends after ANALYTICS_IDLE_SESSION_SECONDS without
 * activity. It never breaks a page: every failure is swallowed, blocked storage gives an anonymous
 * in-memory identity, and a 404 (analytics off on this server) stops it for the page's life.
 */

const ENDPOINT = '/api/v1/analytics/events';
const ANONYMOUS_KEY = 'kusina.analytics.anonymous';
const SESSION_KEY = 'kusina.analytics.session';
const QUEUE_LIMIT = ANALYTICS_BATCH_MAX * 4;

function randomId(): string {
  try {
    return crypto.randomUUID();
  } catch {
    return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  }
}

/** localStorage when it works; a private map when it throws (blocked storage, a sandboxed frame). */
function storage(): Pick<Storage, 'getItem' | 'setItem'> {
  try {
    const probe = '__kusina_analytics__';
    window.localStorage.setItem(probe, '1');
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    const memory = new Map<string, string>();
    return { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value) };
  }
}

export interface AnalyticsOptions {
  /** Defaults: the window's fetch, Date.now, localStorage (or memory). */
  fetch?: typeof fetch;
  now?: () => number;
  store?: Pick<Storage, 'getItem' | 'setItem'>;
}

export interface AnalyticsClient {
  pageView(view: PageView): void;
  flush(): Promise<void>;
  stop(): void;
}

export function startAnalytics(options: AnalyticsOptions = {}): AnalyticsClient {
  const send = options.fetch ?? ((...args: Parameters<typeof fetch>) => window.fetch(...args));
  const now = options.now ?? Date.now;
  const store = options.store ?? storage();
  const read = (key: string) => {
    try {
      return store.getItem(key);
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string) => {
    try {
      store.setItem(key, value);
    } catch {
      // Storage refused: the ids live in memory for this page.
    }
  };

  let anonymousId = read(ANONYMOUS_KEY) ?? '';
  if (!/^[\w-]{8,64}$/.test(anonymousId)) {
    anonymousId = randomId();
    write(ANONYMOUS_KEY, anonymousId);
  }
  let session: { id: string; last: number } | null = null;
  /** The visit's id: renewed after the idle time; every event counts as activity. */
  const sessionId = (): string => {
    const at = now();
    if (!session) {
      try {
        session = JSON.parse(read(SESSION_KEY) ?? 'null') as { id: string; last: number } | null;
      } catch {
        session = null;
      }
    }
    if (!session || typeof session.id !== 'string' || !/^[\w-]{8,64}$/.test(session.id) || at - session.last > ANALYTICS_IDLE_SESSION_SECONDS * 1000) {
      session = { id: randomId(), last: at };
    }
    session.last = at;
    write(SESSION_KEY, JSON.stringify(session));
    return session.id;
  };

  let queue: (AnalyticsEventInput & { session: string })[] = [];
  let stopped = false;
  let current: PageView | null = null;
  const push = (event: AnalyticsEventInput) => {
    if (stopped) return;
    queue.push({ ...event, session: sessionId() });
    if (queue.length > QUEUE_LIMIT) queue = queue.slice(-QUEUE_LIMIT);
  };
  const leave = () => {
    if (!current) return;
    push({ type: 'page_leave', path: current.path, at: new Date(now()).toISOString(), duration_ms: Math.max(0, now() - current.at) });
    current = null;
  };

  const flush = async (): Promise<void> => {
    if (stopped || queue.length === 0) return;
    // One batch per visit (a visit can end between two flushes), oldest first.
    const session = queue[0]!.session;
    const batch = queue.filter((e) => e.session === session).slice(0, ANALYTICS_BATCH_MAX);
    queue = queue.filter((e) => !batch.includes(e));
    try {
      const response = await send(ENDPOINT, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        keepalive: true,
        body: JSON.stringify({ anonymous_id: anonymousId, session_id: session, events: batch.map(({ session: _s, ...event }) => event) }),
      });
      if (response.status === 404) stop();
    } catch {
      // Offline or refused: these events are dropped; the page is never told.
    }
  };

  const onClick = (event: MouseEvent) => {
    const element = (event.target as Element | null)?.closest?.('a[href], button, [role="button"], [role="tab"], [role="menuitem"]');
    if (!element) return;
    const path = window.location.pathname;
    const words = (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    const tag = element.tagName.toLowerCase();
    push({ type: 'click', path, at: new Date(now()).toISOString(), target: isBackOfficePath(path) || !words ? tag : `${tag}:${words}` });
  };
  const onHide = () => {
    if (document.visibilityState !== 'hidden') return;
    leave();
    void flush();
  };
  const onPageHide = () => {
    leave();
    void flush();
  };

  const timer = window.setInterval(() => void flush(), ANALYTICS_FLUSH_MS);
  document.addEventListener('click', onClick, { capture: true, passive: true });
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', onPageHide);

  function stop() {
    stopped = true;
    queue = [];
    window.clearInterval(timer);
    document.removeEventListener('click', onClick, { capture: true });
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', onPageHide);
  }

  return {
    pageView(view) {
      if (current?.path === view.path) return;
      leave();
      current = view;
      push({ type: 'page_view', path: view.path, at: new Date(view.at).toISOString() });
    },
    flush,
    stop,
  };
}

/** Started by main.tsx once the page is idle. */
export function startAnalyticsClient(): void {
  try {
    attachAnalyticsClient(startAnalytics());
  } catch {
    // Analytics never breaks a page.
  }
}
