import { useState, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { isStaffRole, opensAdmin } from '@kusina/domain/roles';
import { returnToHere, useLocationState } from '../lib/router.ts';
import { selectIsSignedIn, useAuthStore } from '../stores/auth-store.ts';

interface GuardProps {
  children: ReactNode;
}

/**
 * /login, /signup, /forgot-password: signed-in visitors go home (or back where they came from).
 * The check is made on arrival: a visitor who signs in on one of these pages is sent on by the
 * page itself (to /verify-phone after sign-up), not bounced home by this guard.
 */
export function RequireSignedOut({ children }: GuardProps) {
  const signedIn = useAuthStore(selectIsSignedIn);
  const state = useLocationState();
  const [signedInOnArrival] = useState(signedIn);
  if (signedIn && signedInOnArrival) {
    const from = (state as { from?: { pathname?: string } } | null)?.from?.pathname;
    return <Redirect to={from && from.startsWith('/') && !from.startsWith('//') ? from : '/'} replace />;
  }
  return children;
}

/** /orders, /profile: signed-in only; others go to /login and come back after. */
export function RequireAuth({ children }: GuardProps) {
  const signedIn = useAuthStore(selectIsSignedIn);
  if (!signedIn) return <Redirect to="/login" replace state={returnToHere()} />;
  return children;
}

/** /verify-phone: not signed in → /login; phone already verified → /. */
export function RequireUnverifiedPhone({ children }: GuardProps) {
  const user = useAuthStore((state) => (selectIsSignedIn(state) ? state.user : null));
  if (!user) return <Redirect to="/login" replace state={returnToHere()} />;
  if (user.phone_verified) return <Redirect to="/" replace />;
  return children;
}

/** The staff screens (/reservations/dashboard): admins and staff only; everyone else goes home (storefront.md §6). */
export function RequireStaff({ children }: GuardProps) {
  const user = useAuthStore((state) => (selectIsSignedIn(state) ? state.user : null));
  if (!user || !isStaffRole(user.role)) return <Redirect to="/" replace />;
  return children;
}

/** /admin: admins and staff, and organisers (who see only their fundraisers there, decision 0124); everyone else goes home. */
export function RequireAdminArea({ children }: GuardProps) {
  const user = useAuthStore((state) => (selectIsSignedIn(state) ? state.user : null));
  if (!user || !opensAdmin(user.role)) return <Redirect to="/" replace />;
  return children;
}
