/*
 * The first-download half of analytics (decision 0117): a few lines that remember the pages shown
 * until the client (lib/analytics.ts) has loaded, after the page is idle. Nothing is recorded when
 * the browser sends Do Not Track or Global Privacy Control.
 */

export interface PageView {
  path: string;
  at: number;
}

interface Client {
  pageView(view: PageView): void;
}

let client: Client | null = null;
const pending: PageView[] = [];

/** Does the visitor's browser ask not to be tracked? */
export function trackingRefused(nav: Navigator = navigator): boolean {
  const signals = nav as Navigator & { globalPrivacyControl?: boolean; doNotTrack?: string | null };
  return signals.globalPrivacyControl === true || signals.doNotTrack === '1';
}

/** A page shown (the root layout calls this on every path). */
export function recordPageView(path: string): void {
  const view = { path, at: Date.now() };
  if (client) client.pageView(view);
  else if (pending.length < 20) pending.push(view);
}

/** Hands the client the pages shown so far and every later one. */
export function attachAnalyticsClient(next: Client): void {
  client = next;
  for (const view of pending.splice(0)) next.pageView(view);
}
