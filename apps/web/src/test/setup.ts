import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The realtime connection is a network boundary: tests drive a fake socket instead.
vi.mock('socket.io-client', () => import('./fake-socket.ts'));

// Lazy route chunks are transformed on first import: give findBy* room on a busy machine. 5 s was
// too little on the shared 2-core machine (load 8-20): the first test of a file, which pays for the
// route chunks, missed its first findBy* at any clock (issue #33's "calendar-dependent" checkout
// test was this). Still well inside the project's 15 s testTimeout.
configure({ asyncUtilTimeout: 10_000 });

// Browsers set window.event while an event is dispatched; React reads it to give updates made
// outside its own listeners a keystroke's or a click's priority. happy-dom leaves it undefined: set
// it as a browser does. (This alone did not stop keys being lost under load: 'Kenji S.' still became
// 'enji S.' in CI. Tests now type with `userEvent.setup({ delay: null })`, so no timer, fetch answer or
// scheduled render runs between two keystrokes of one `type`.)
if (typeof window !== 'undefined') {
  // happy-dom's own EventTarget (the global one may be Node's): the prototype its nodes dispatch with.
  let owner: object | null = document.createElement('input');
  while (owner && !Object.prototype.hasOwnProperty.call(owner, 'dispatchEvent')) owner = Object.getPrototypeOf(owner) as object | null;
  const target = owner as { dispatchEvent(event: Event): boolean };
  const dispatch = target.dispatchEvent;
  target.dispatchEvent = function dispatchEvent(this: EventTarget, event: Event): boolean {
    const holder = window as unknown as { event: Event | undefined };
    const previous = holder.event;
    holder.event = event;
    try {
      return dispatch.call(this, event);
    } finally {
      holder.event = previous;
    }
  };
}

afterEach(() => {
  cleanup();
  // (The server render's tests run in Node, without a browser's storage or history.)
  if (typeof window === 'undefined') return;
  localStorage.clear();
  // The router reads the real History API: each test starts from / with no state.
  window.history.replaceState(null, '', '/');
});
