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

/** How long no request of the page may have finished before `afterNetworkQuiet` runs its task. */
export const NETWORK_QUIET_MS = 1000;

/**
 * Runs `task` once the page's own requests have gone quiet: no request (resource timing entry) has
 * finished for NETWORK_QUIET_MS. For work that is the lowest priority of a visit and makes many
 * requests itself (the service worker's install, 0083): it then neither slows the page's own
 * requests nor competes for the processor with the work their answers start. Returns the cancel.
 */
export function afterNetworkQuiet(task: () => void): () => void {
  let last = performance.now();
  let timer: number | undefined;
  const observer =
    typeof PerformanceObserver === 'function'
      ? new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = Math.max(last, entry.startTime + entry.duration);
        })
      : null;
  observer?.observe({ type: 'resource' });
  const check = () => {
    const quietFor = performance.now() - last;
    if (quietFor >= NETWORK_QUIET_MS) {
      observer?.disconnect();
      task();
    } else timer = window.setTimeout(check, NETWORK_QUIET_MS - quietFor);
  };
  timer = window.setTimeout(check, NETWORK_QUIET_MS);
  return () => {
    observer?.disconnect();
    window.clearTimeout(timer);
  };
}
