import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { showToast } from '../lib/toast.ts';
import { useAuthStore } from '../stores/auth-store.ts';
import { useLogout } from '../features/accounts/api/logout.ts';

const SIGNED_OUT_MESSAGE = 'You have been signed out.';

/** Sign Out: the server revokes the session, then the local session and the user's cached data go. */
export function useSignOut() {
  const logout = useLogout();
  const clearSession = useAuthStore((state) => state.clearSession);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  return async () => {
    try {
      await logout.mutateAsync();
    } catch {
      // Offline or already revoked: signing out locally is still what the person asked for.
    }
    clearSession();
    queryClient.removeQueries({ predicate: (query) => query.meta?.userScoped === true });
    showToast('success', SIGNED_OUT_MESSAGE, { id: 'signed-out' });
    navigate('/', { replace: true });
  };
}
