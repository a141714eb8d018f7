import { lazy } from 'react';
import { useRoute } from 'wouter';

/*
 * The reservations area's one entry from the route table (app/lazy-pages.ts): it picks the page by
 * path and imports nothing else eagerly, so the storefront's first download carries only its name
 * (listing the pages' own chunks there, Vite's preload list, cost the home route its last 0.3 KB).
 * The route table guards /reservations/dashboard for staff.
 */
const PublicReservationsPage = lazy(() => import('./public-reservations-page.tsx').then((m) => ({ default: m.PublicReservationsPage })));
const ReservationsDashboardPage = lazy(() => import('./reservations-dashboard-page.tsx').then((m) => ({ default: m.ReservationsDashboardPage })));

export function ReservationsArea() {
  const [dashboard] = useRoute('/reservations/dashboard/*?');
  return dashboard ? <ReservationsDashboardPage /> : <PublicReservationsPage />;
}
