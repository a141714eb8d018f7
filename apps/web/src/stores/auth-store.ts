import { create } from 'zustand';
import { persisted } from '../lib/persisted.ts';
import type { UserOutput } from '@kusina/domain/accounts';
import { setTokenSource } from '../lib/api-client.ts';

export type SessionUser = UserOutput;

interface AuthState {
  jwt: string | null;
  user: SessionUser | null;
  /** Sign-in, sign-up and password reset all answer with a token and the user. */
  setSession(session: { jwt: string; user: SessionUser }): void;
  setUser(user: SessionUser): void;
  clearSession(): void;
}

export const AUTH_STORAGE_KEY = 'kusina-auth';

export const useAuthStore = create<AuthState>()(
  persisted(
    (set) => ({
      jwt: null,
      user: null,
      setSession: ({ jwt, user }) => set({ jwt, user }),
      setUser: (user) => set({ user }),
      clearSession: () => set({ jwt: null, user: null }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      partialize: ({ jwt, user }) => ({ jwt, user }),
    },
  ),
);

// The one fetch wrapper reads the bearer token from here.
setTokenSource(() => useAuthStore.getState().jwt);

export const selectIsSignedIn = (state: AuthState): boolean => Boolean(state.jwt && state.user);
