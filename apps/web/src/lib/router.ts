import { useHistoryState } from 'wouter/use-browser-location';

/**
 * wouter (docs/decisions/0010) reads the path from the browser and keeps navigation state in
 * history.state, as React Router did. These helpers give that state one shape across the app.
 */

/** What a guard hands to /login so the visitor comes back here after signing in. */
export interface ReturnToState {
  from: { pathname: string; search: string; hash: string };
}

/** The browser's current location as a ReturnToState, read at the moment of the redirect. */
export function returnToHere(): ReturnToState {
  const { pathname, search, hash } = window.location;
  return { from: { pathname, search, hash } };
}

/** The state the navigation to this page passed (navigate(to, { state })); null when none was. */
export function useLocationState(): unknown {
  return useHistoryState<unknown>() ?? null;
}
