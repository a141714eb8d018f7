import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAnalytics, type AnalyticsClient } from './analytics.ts';
import { trackingRefused } from './analytics-queue.ts';

interface Sent {
  anonymous_id: string;
  session_id: string;
  events: { type: string; path: string; target?: string; duration_ms?: number }[];
}

function memoryStore() {
  const map = new Map<string, string>();
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value) };
}

describe('the analytics client', () => {
  let clock = Date.parse('2030-06-04T08:00:00Z');
  let sent: Sent[];
  let status: number;
  let client: AnalyticsClient | null = null;
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    sent.push(JSON.parse(String(init?.body)) as Sent);
    return new Response(null, { status });
  });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    sent = [];
    status = 204;
    fetchMock.mockClear();
    window.history.replaceState(null, '', '/menu');
    document.body.innerHTML = '<button type="button">Add to Cart</button><a href="/cart">Cart</a><input aria-label="Name" value="secret">';
  });
  afterEach(() => {
    client?.stop();
    client = null;
    vi.useRealTimers();
  });

  const start = (store = memoryStore()) => (client = startAnalytics({ fetch: fetchMock as unknown as typeof fetch, now: () => clock, store }));

  it('sends page views, leaves with their time and clicks on buttons and links in one batch every 3 s', async () => {
    const analytics = start();
    analytics.pageView({ path: '/menu', at: clock });
    document.querySelector('button')!.click();
    document.querySelector('input')!.click();
    clock += 4_000;
    analytics.pageView({ path: '/cart', at: clock });
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.events).toEqual([
      expect.objectContaining({ type: 'page_view', path: '/menu' }),
      expect.objectContaining({ type: 'click', path: '/menu', target: 'button:Add to Cart' }),
      expect.objectContaining({ type: 'page_leave', path: '/menu', duration_ms: 4000 }),
      expect.objectContaining({ type: 'page_view', path: '/cart' }),
    ]);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/analytics/events');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST', credentials: 'same-origin', keepalive: true });
    // Nothing new: nothing sent.
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent).toHaveLength(1);
  });

  it('keeps words out of back-office clicks', async () => {
    window.history.replaceState(null, '', '/reservations/dashboard');
    const analytics = start();
    analytics.pageView({ path: '/reservations/dashboard', at: clock });
    document.querySelector('button')!.click();
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent[0]!.events[1]).toMatchObject({ type: 'click', target: 'button' });
  });

  it('keeps one anonymous id, and starts a new visit after 30 idle minutes', async () => {
    const store = memoryStore();
    const analytics = start(store);
    analytics.pageView({ path: '/menu', at: clock });
    await vi.advanceTimersByTimeAsync(3000);
    clock += 1_700_000;
    analytics.pageView({ path: '/cart', at: clock });
    await vi.advanceTimersByTimeAsync(3000);
    clock += 1_801_000;
    analytics.pageView({ path: '/checkout', at: clock });
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent.map((b) => b.anonymous_id)).toEqual([sent[0]!.anonymous_id, sent[0]!.anonymous_id, sent[0]!.anonymous_id]);
    expect(sent[1]!.session_id).toBe(sent[0]!.session_id);
    expect(sent[2]!.session_id).not.toBe(sent[0]!.session_id);
  });

  it('works with storage that throws (an anonymous id in memory), and swallows a failing endpoint', async () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const analytics = start(broken);
    analytics.pageView({ path: '/menu', at: clock });
    await expect(vi.advanceTimersByTimeAsync(3000)).resolves.not.toThrow();
    analytics.pageView({ path: '/cart', at: clock });
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent.at(-1)!.anonymous_id).toMatch(/^[\w-]{8,64}$/);
    expect(sent.at(-1)!.events.map((e) => e.path)).toEqual(['/menu', '/cart']);
  });

  it('stops for good when the server has no analytics (404)', async () => {
    status = 404;
    const analytics = start();
    analytics.pageView({ path: '/menu', at: clock });
    await vi.advanceTimersByTimeAsync(3000);
    analytics.pageView({ path: '/cart', at: clock });
    document.querySelector('button')!.click();
    await vi.advanceTimersByTimeAsync(9000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is refused by Do Not Track and Global Privacy Control', () => {
    expect(trackingRefused({ doNotTrack: '1' } as unknown as Navigator)).toBe(true);
    expect(trackingRefused({ globalPrivacyControl: true } as unknown as Navigator)).toBe(true);
    expect(trackingRefused({ doNotTrack: null } as unknown as Navigator)).toBe(false);
  });
});
