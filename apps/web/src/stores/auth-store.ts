import { create } from 'zustand';
import { persisted } from '../lib/persisted.ts';
import type { UserOutput } from '@kusina/domain/accounts';
import { setSignedInSource } from '../lib/api-client.ts';
import { forgetPersonalCaches } from '../lib/personal-caches.ts';

export type SessionUser = UserOutput;

/**
 * Who is signed in, as the page knows it. The session itself is the server's httpOnly cookie
 * (decision 0084): no script here can read it, so none can carry it away. What is kept is the
 * user the server last named, for the first paint; the app asks the server again (GET /profile)
 * on start, and any 401 while signed in ends the local session.
 */
interface AuthState {
  user: SessionUser | null;
  /** Sign-in, sign-up and password reset all answer with the user (the cookie came with them). */
  setSession(session: { user: SessionUser }): void;
  setUser(user: SessionUser): void;
  /** Signed out or the session ended: the user and every cached copy of their data go. */
  clearSession(): void;
}

const AUTH_STORAGE_KEY = 'kusina-user';
/** Where releases before decision 0084 kept the bearer token (with the user): removed on start. */
const LEGACY_AUTH_STORAGE_KEY = 'kusina-auth';

try {
  localStorage.removeItem(LEGACY_AUTH_STORAGE_KEY);
} catch {
  // Blocked storage holds no token either.
}

export const useAuthStore = create<AuthState>()(
  persisted(
    (set) => ({
      user: null,
      setSession: ({ user }) => set({ user }),
      setUser: (user) => set({ user }),
      clearSession: () => {
        set({ user: null });
        void forgetPersonalCaches();
      },
    }),
    {
      name: AUTH_STORAGE_KEY,
      partialize: ({ user }) => ({ user }),
    },
  ),
);

// The one fetch wrapper asks here whether a 401 ends a session the page believed in.
setSignedInSource(() => useAuthStore.getState().user !== null);

export const selectIsSignedIn = (state: AuthState): boolean => state.user !== null;
