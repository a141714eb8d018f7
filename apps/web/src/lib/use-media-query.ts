import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, following changes (a rotated tablet, a resized window). Where the
 * browser cannot tell (no matchMedia) it answers true, so nothing is left out.
 * Pages use it to leave out what CSS would hide anyway at this width (decision 0056), rather than
 * building it for nothing on every phone. The server cannot tell either: its markup is the phone's
 * (mobile first), so a phone adopts it unchanged and a wider screen adds its parts after adopting
 * it; a page keeps their place so nothing shifts when they arrive.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof matchMedia === 'undefined') return () => undefined;
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = () => (typeof matchMedia === 'undefined' ? true : matchMedia(query).matches);
  return useSyncExternalStore(subscribe, matches, onServer);
}

const onServer = () => false;
