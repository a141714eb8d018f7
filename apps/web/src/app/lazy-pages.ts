import { lazy } from 'react';

/*
 * Every area is its own chunk (ARCHITECTURE.md, Web): a visitor on the home page downloads
 * neither the account forms nor the admin dashboard. The loaders are exported so links can
 * preload a chunk on hover or touch.
 */
export const loadAdminDashboard = () => import('../features/admin/routes/admin-dashboard-page.tsx');

/** Hovering or touching an admin link starts the download before the click: the dashboard and its orders screen. */
export function preloadAdmin(): void {
  void loadAdminDashboard().then((m) => m.loadOrderManagement());
}

export const AdminDashboardPage = lazy(() => loadAdminDashboard().then((m) => ({ default: m.AdminDashboardPage })));
export const LoginPage = lazy(() => import('../features/accounts/routes/login-page.tsx').then((m) => ({ default: m.LoginPage })));
export const SignupPage = lazy(() => import('../features/accounts/routes/signup-page.tsx').then((m) => ({ default: m.SignupPage })));
export const ForgotPasswordPage = lazy(() => import('../features/accounts/routes/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage })));
export const ResetPasswordPage = lazy(() => import('../features/accounts/routes/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })));
export const AcceptInvitePage = lazy(() => import('../features/accounts/routes/accept-invite-page.tsx').then((m) => ({ default: m.AcceptInvitePage })));
export const VerifyPhonePage = lazy(() => import('../features/accounts/routes/verify-phone-page.tsx').then((m) => ({ default: m.VerifyPhonePage })));
export const ProfilePage = lazy(() => import('../features/accounts/routes/profile-page.tsx').then((m) => ({ default: m.ProfilePage })));

// Storefront (home content, menu, merchandise, cart, checkout, confirmation, order history): one feature, one chunk each.
// The entry pages (those the server sends with their code named, some rendered) are declared in entry-pages.ts.
export { CartPage, CheckoutPage, MenuPage, MerchandisePage, OrderConfirmationPage, StorefrontHomePage } from './entry-pages.ts';
export const OrderHistoryPage = lazy(() => import('../features/orders/routes/order-history-page.tsx').then((m) => ({ default: m.OrderHistoryPage })));

// Reservations (issue #21): the public pages and the staff back office, one entry for the area.
export const ReservationsArea = lazy(() => import('../features/reservations/routes/area.tsx').then((m) => ({ default: m.ReservationsArea })));
// The waitlist's guest pages (decision 0108): join by the host stand's link, follow one's place.
export const WaitlistGuestArea = lazy(() => import('../features/waitlist/routes/guest-area.tsx').then((m) => ({ default: m.WaitlistGuestArea })));
// The wholesale fundraiser shop (wholesale.md): one lazy area; its screens are chunks of their own.
export const WholesaleArea = lazy(() => import('../features/wholesale/routes/wholesale.tsx'));
