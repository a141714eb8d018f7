export interface Throttled {
  (): void;
  cancel(): void;
}

/**
 * Runs `fn` at most once per `waitMs`: the first call runs at once, calls inside the window
 * collapse into one trailing run when the window ends (so the last change is never missed).
 */
export function throttle(fn: () => void, waitMs: number): Throttled {
  let lastRun = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const run = () => {
    timer = null;
    lastRun = Date.now();
    fn();
  };

  const throttled = (() => {
    const elapsed = Date.now() - lastRun;
    if (elapsed >= waitMs && !timer) {
      run();
    } else if (!timer) {
      timer = setTimeout(run, Math.max(0, waitMs - elapsed));
    }
  }) as Throttled;

  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return throttled;
}
