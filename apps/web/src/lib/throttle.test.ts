import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle.ts';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, then at most once per window with one trailing run', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 2000);
    throttled();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(300);
      throttled();
    }
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(499);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(2);
    throttled();
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('drops the pending run when cancelled', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 2000);
    throttled();
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
