/** How long after the load event, at most, deferred work waits for the browser to be idle. */
export const AFTER_LOAD_IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` once the page has loaded (the load event, then an idle moment of the main thread,
 * or AFTER_LOAD_IDLE_TIMEOUT_MS at the latest): work a page needs soon but not for its first paint
 * (the live connection) then stays out of the way of the largest paint and of the
 * first input. Returns a function that cancels the task if it has not run.
 */
export function afterPageLoad(task: () => void): () => void {
  let cancelled = false;
  let cancelIdle: (() => void) | null = null;
  const whenIdle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => !cancelled && task(), { timeout: AFTER_LOAD_IDLE_TIMEOUT_MS });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(() => !cancelled && task(), 0);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', whenIdle);
    cancelIdle?.();
  };
}
