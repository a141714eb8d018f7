import { useEffect, useState } from 'react';

export type ScriptStatus = 'idle' | 'loading' | 'loaded' | 'error';

const pending = new Map<string, Promise<void>>();

/**
 * Adds a third-party script once per URL (backoffice-reservations.md §4 Payment script loading):
 * every caller shares one load; a failed script is removed from the page and forgotten so that
 * the next call tries again.
 */
function loadScript(url: string): Promise<void> {
  const existing = pending.get(url);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      pending.delete(url);
      reject(new Error(url));
    };
    document.head.appendChild(script);
  });
  pending.set(url, promise);
  return promise;
}

/** The load state of a script; null loads nothing. `attempt` changes to retry after an error. */
export function useScript(url: string | null, attempt = 0): ScriptStatus {
  const [state, setState] = useState<{ key: string; status: ScriptStatus }>({ key: '', status: 'idle' });
  const key = url ? `${url}#${attempt}` : '';

  useEffect(() => {
    if (!url) return;
    let active = true;
    loadScript(url).then(
      () => active && setState({ key, status: 'loaded' }),
      () => active && setState({ key, status: 'error' }),
    );
    return () => {
      active = false;
    };
  }, [url, key]);

  if (!url) return 'idle';
  return state.key === key ? state.status : 'loading';
}
