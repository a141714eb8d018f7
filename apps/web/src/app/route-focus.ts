/**
 * After a client-side route change (never on the first load): focus moves to the new page's main
 * heading and the page is announced in a polite live region, as a full page load would (WCAG 2.4.3,
 * 4.1.3). Fetched on the first navigation, so it is not part of the home route's first download.
 * Pages arrive lazily (their chunk, then often their data), so the heading is awaited for a while;
 * without one, the main landmark takes focus. Focus the visitor has already placed inside the page
 * (a field the page focuses itself) or into a dialog opened meanwhile is left alone.
 */
const HEADING_WAIT_MS = 5000;
const FIRST_LOOK_MS = 60;

let region: HTMLElement | null = null;
let run = 0;

function liveRegion(): HTMLElement {
  if (region?.isConnected) return region;
  region = document.createElement('div');
  region.id = 'route-announcer';
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  region.className = 'sr-only';
  document.body.append(region);
  return region;
}

export function focusPageHeading(): void {
  const id = ++run;
  const announcer = liveRegion();
  const started = performance.now();
  const attempt = () => {
    // A retry can outlive its page (a test's document torn down between tests): nothing to focus.
    if (id !== run || typeof document === 'undefined') return;
    const main = document.getElementById('main-content');
    const heading = main?.querySelector<HTMLElement>('h1') ?? null;
    if (!heading && performance.now() - started < HEADING_WAIT_MS) {
      setTimeout(attempt, 50);
      return;
    }
    const target = heading ?? main;
    if (!target) return;
    const active = document.activeElement;
    const placedByPage = active && active !== document.body && main?.contains(active) && active !== main;
    // A dialog opened while the page was still arriving keeps its focus (it is portalled outside main).
    const inDialog = active?.closest('[role="dialog"], [role="alertdialog"]') != null;
    if (!placedByPage && !inDialog) {
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    }
    announcer.textContent = '';
    // A fresh text node in a second task is what screen readers reliably announce.
    setTimeout(() => {
      if (id === run) announcer.textContent = (heading?.textContent?.trim() || document.title).slice(0, 200);
    }, 50);
  };
  // Let a closing dialog or menu hand focus back first (Radix does so in a task after closing).
  setTimeout(attempt, FIRST_LOOK_MS);
}
