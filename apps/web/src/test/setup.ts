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

afterEach(() => {
  cleanup();
  // (The server render's tests run in Node, without a browser's storage or history.)
  if (typeof window === 'undefined') return;
  localStorage.clear();
  // The router reads the real History API: each test starts from / with no state.
  window.history.replaceState(null, '', '/');
});
