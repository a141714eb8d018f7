/**
 * The control the visitor last clicked or tapped, for dialogs to return focus to (see
 * components/ui/use-return-focus.ts): Safari does not focus a button on click, and a dialog that
 * waits for a download opens after the click. Installed once by the shell (main.tsx), a few bytes.
 */
let last: WeakRef<HTMLElement> | null = null;

export function trackLastActivated(): void {
  document.addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest<HTMLElement>('button,a,[tabindex],input,select,textarea,summary') : null;
      if (control) last = new WeakRef(control);
    },
    true,
  );
}

export function lastActivated(): HTMLElement | null {
  return last?.deref() ?? null;
}
