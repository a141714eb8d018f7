import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNetworkQuiet, NETWORK_QUIET_MS } from './after-load.ts';

type Entry = { startTime: number; duration: number };
let report: ((entries: Entry[]) => void) | null = null;

class FakeObserver {
  constructor(private readonly callback: (list: { getEntries(): Entry[] }) => void) {}
  observe() {
    report = (entries) => this.callback({ getEntries: () => entries });
  }
  disconnect() {
    report = null;
  }
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  report = null;
});

describe('afterNetworkQuiet', () => {
  it('waits until no request has finished for the quiet time, then runs once and stops observing', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const task = vi.fn();
    afterNetworkQuiet(task);
    vi.advanceTimersByTime(NETWORK_QUIET_MS - 200);
    // A request finishes now: the quiet time starts again from its end.
    report!([{ startTime: performance.now() - 50, duration: 50 }]);
    vi.advanceTimersByTime(200);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(NETWORK_QUIET_MS - 200 - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    expect(report).toBeNull();
    vi.advanceTimersByTime(NETWORK_QUIET_MS * 3);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled before it runs', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const task = vi.fn();
    const cancel = afterNetworkQuiet(task);
    cancel();
    vi.advanceTimersByTime(NETWORK_QUIET_MS * 2);
    expect(task).not.toHaveBeenCalled();
    expect(report).toBeNull();
  });
});
