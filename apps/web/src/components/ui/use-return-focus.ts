import { useCallback, useLayoutEffect, useRef } from 'react';
import { lastActivated } from '../../lib/last-activated.ts';

/**
 * Where focus goes when a dialog closes (WCAG 2.4.3): back to the control that opened it. Radix
 * returns focus only to its own Trigger, and our dialogs are opened by ordinary buttons, often
 * after an awaited download, a URL change (?item=, ?order=) or a tap that never focused the button
 * (Safari does not focus buttons on click). So the opener is taken when the dialog opens: the
 * focused element, or else the control last clicked or tapped (lib/last-activated.ts). On close,
 * focus goes back to it when it is still on the page; otherwise Radix's default applies. An
 * override runs first; when it does not call preventDefault, the opener is focused as usual.
 * Returns the handler for Radix's onCloseAutoFocus.
 */
export function useReturnFocus(open: boolean, override?: (event: Event) => void): (event: Event) => void {
  const opener = useRef<HTMLElement | SVGElement | null>(null);
  // A layout effect runs before Radix's focus scope moves focus into the dialog (a passive effect).
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    // An SVG control (a section of the floor plan) is focusable too.
    opener.current = (active instanceof HTMLElement || active instanceof SVGElement) && active !== document.body ? active : lastActivated();
  }, [open]);
  return useCallback(
    (event: Event) => {
      if (override) {
        override(event);
        // An override that left the event alone gets the default: the opener.
        if (event.defaultPrevented) {
          opener.current = null;
          return;
        }
      }
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus({ preventScroll: false });
      }
    },
    [override],
  );
}
