import { Suspense } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Redirect, Route, Switch } from 'wouter';
import { Spinner } from '../components/ui/spinner.tsx';
import { RouteLoadingMarker } from './global-loading.tsx';
import { RequireAdminArea, RequireAuth, RequireSignedOut, RequireStaff, RequireUnverifiedPhone } from './guards.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import {
  AdminDashboardPage,
  CartPage,
  CheckoutPage,
  ForgotPasswordPage,
  LoginPage,
  MenuPage,
  MerchandisePage,
  OrderConfirmationPage,
  OrderHistoryPage,
  ProfilePage,
  ReservationsArea,
  ResetPasswordPage,
  AcceptInvitePage,
  SignupPage,
  StorefrontHomePage,
  VerifyPhonePage,
  WaitlistGuestArea,
  WholesaleArea,
} from './lazy-pages.ts';
import { AppProviders } from './providers.tsx';

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <AppRoutes />
    </AppProviders>
  );
}

/**
 * The route table of storefront.md §2, every route inside the common layout. wouter matches the
 * first route of the Switch (paths are case-insensitive and allow a trailing slash, as before);
 * location changes are plain updates, not transitions, so a lazy page shows its fallback, which
 * drives the 700 ms loading overlay.
 */
export function AppRoutes({ realtime = true }: { realtime?: boolean }) {
  return (
    <RootLayout realtime={realtime}>
      <Switch>
        <Route path="/">
          <StorefrontHomePage />
        </Route>
        <Route path="/menu">
          <MenuPage />
        </Route>
        <Route path="/merchandise">
          <MerchandisePage />
        </Route>
        <Route path="/cart">
          <CartPage />
        </Route>
        <Route path="/checkout">
          <CheckoutPage />
        </Route>
        <Route path="/order-confirmation/:orderId?">
          <OrderConfirmationPage />
        </Route>
        {/* The landing after a password reset (storefront.md §2): straight into ordering. */}
        <Route path="/ordering">
          <MenuPage />
        </Route>
        {/* wholesale.md: the fundraiser shop; its screens route themselves under /wholesale. */}
        <Route path="/wholesale/*?">
          <WholesaleArea />
        </Route>
        <Route path="/reservations/dashboard/*?">
          <RequireStaff>
            <ReservationsArea />
          </RequireStaff>
        </Route>
        <Route path="/reservations/*?">
          <ReservationsArea />
        </Route>
        <Route path="/waitlist/*?">
          <WaitlistGuestArea />
        </Route>

        <Route path="/login">
          <RequireSignedOut>
            <LoginPage />
          </RequireSignedOut>
        </Route>
        <Route path="/signup">
          <RequireSignedOut>
            <SignupPage />
          </RequireSignedOut>
        </Route>
        <Route path="/forgot-password">
          <RequireSignedOut>
            <ForgotPasswordPage />
          </RequireSignedOut>
        </Route>
        {/* Reachable signed in too: following a reset link replaces the current session. */}
        <Route path="/reset-password">
          <ResetPasswordPage />
        </Route>
        {/* A team invite (issue #37): reachable signed in too, accepting replaces the session. */}
        <Route path="/accept-invite">
          <AcceptInvitePage />
        </Route>
        <Route path="/verify-phone">
          <RequireUnverifiedPhone>
            <VerifyPhonePage />
          </RequireUnverifiedPhone>
        </Route>
        <Route path="/orders">
          <RequireAuth>
            <OrderHistoryPage />
          </RequireAuth>
        </Route>
        <Route path="/profile">
          <RequireAuth>
            <ProfilePage />
          </RequireAuth>
        </Route>
        <Route path="/admin">
          <RequireAdminArea>
            <Suspense fallback={<AdminFallback />}>
              <AdminDashboardPage />
            </Suspense>
          </RequireAdminArea>
        </Route>
        <Route>
          <Redirect to="/" replace />
        </Route>
      </Switch>
    </RootLayout>
  );
}

function AdminFallback() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <RouteLoadingMarker />
      <Spinner size="lg" label="Loading Admin Dashboard" />
    </div>
  );
}
