import { lazy, memo, startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { THEME_COLORS, type RestaurantOutput } from '@kusina/domain/restaurants';
import { ApiError, onUnauthorized } from '../../lib/api-client.ts';
import { afterPageLoad } from '../../lib/after-load.ts';
import { getProfile } from '../../features/accounts/api/get-profile.ts';
import { returnToHere } from '../../lib/router.ts';
import { isServerRendered, markFirstPageShown, setServerRendered } from '../../lib/server-rendered.ts';
import { getRestaurantId } from '../../lib/restaurant-id.ts';
import { showToast } from '../../lib/toast.ts';
import { useRestaurant } from '../../lib/restaurant.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import { GlobalLoadingOverlay, RouteLoadingMarker } from '../global-loading.tsx';
import { useRestaurantRealtime } from '../use-restaurant-realtime.ts';
import { ErrorBoundary } from '../error-boundary.tsx';
import { Header } from './header.tsx';
import { recordPageView } from '../../lib/analytics-queue.ts';

// Below the fold on every page: the footer arrives just after the first paint (home route budget).
const Footer = lazy(() => import('./footer.tsx').then((m) => ({ default: m.Footer })));

const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/** The common layout of every route (storefront.md §2): header, main (the matched route), footer. */
export function RootLayout({ realtime = true, children }: { realtime?: boolean; children: ReactNode }) {
  const { data: restaurant } = useRestaurant();
  // Once the visitor moves on from the page the server rendered, pages are the browser's own
  // (not on the first commit: the page itself may hydrate after the layout).
  const [pathname] = useLocation();
  const firstPathname = useRef(pathname);
  useEffect(() => {
    if (pathname !== firstPathname.current) setServerRendered(false);
  }, [pathname]);
  return (
    <div className="flex min-h-dvh flex-col bg-surface text-ink">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded-lg focus:bg-brand focus:px-4 focus:py-3 focus:font-semibold focus:text-on-brand"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <RouteChangeFocus />
      <PageViews />
      <SessionWatcher />
      <RestaurantTheme />
      {realtime ? <RestaurantRealtime /> : null}
      <Header />
      <OfflineNotice />
      {/* At least a screen tall: the footer starts below the fold, so a page's content arriving
          (its chunk, then its data) never pushes a visible footer down (layout shift, 0040). */}
      <main id="main-content" tabIndex={-1} className="flex min-h-dvh flex-1 flex-col outline-none">
        <RoutePage>{children}</RoutePage>
      </main>
      <FooterSlot restaurant={restaurant} />
      <GlobalLoadingOverlay />
    </div>
  );
}

/**
 * A page the server rendered has no footer in its markup (below the fold, and less to send and to
 * adopt): the server and the adopting render show its placeholder, then the footer comes in a
 * transition. The switch is this component's own, so neither the layout nor the page renders again
 * for it; and being a transition, not an external store's change (which React renders synchronously
 * and which made React adopt the whole page in that one synchronous pass), it leaves the adoption in
 * the short slices React gives a transition (decision 0081).
 */
function FooterSlot({ restaurant }: { restaurant: RestaurantOutput | undefined }) {
  const [shown, setShown] = useState(() => typeof document !== 'undefined' && !isServerRendered());
  useEffect(() => {
    if (!shown) startTransition(() => setShown(true));
  }, [shown]);
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={<FooterPlaceholder />}>{shown ? <Footer restaurant={restaurant} /> : <FooterPlaceholder />}</Suspense>
    </ErrorBoundary>
  );
}

function FooterPlaceholder() {
  return <div className="min-h-72 border-t border-line bg-surface-muted" />;
}

const OFFLINE_NOTICE = 'You are offline. Pages you have opened show what they last loaded; ordering needs a connection.';

/** Offline, every page says so under the header (the service worker serves the shell, menu and last order). */
function OfflineNotice() {
  return useOnline() ? null : (
    <p role="status" className="bg-warning-soft px-4 py-2 text-center text-sm font-semibold text-warning-ink">
      {OFFLINE_NOTICE}
    </p>
  );
}

/**
 * The matched page, memoised (decision 0056): the layout re-renders when the restaurant's record
 * arrives, a store update React renders synchronously, and a Suspense boundary still showing its
 * fallback would then mount the whole page inside that one blocking task, instead of in the page's
 * own pass that React slices. The page's children come from the route table and stay the same.
 */
const RoutePage = memo(function RoutePage({ children }: { children: ReactNode }) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<RouteFallback />}>
        {children}
        <FirstPageMark />
      </Suspense>
    </RouteErrorBoundary>
  );
});

/** Inside the page's boundary, so its effect runs once the page itself has committed (afterFirstPage). */
function FirstPageMark() {
  useEffect(markFirstPageShown, []);
  return null;
}

/** One boundary per page: a failed page offers a reload, and moving to another page starts afresh. */
function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  return <ErrorBoundary key={pathname}>{children}</ErrorBoundary>;
}

function RouteFallback() {
  return (
    <div className="min-h-[60vh]" aria-busy="true">
      <RouteLoadingMarker />
    </div>
  );
}

/**
 * storefront.md §2: the page scrolls to the top on every route change. Not when the app starts: a
 * visitor may already have scrolled the page the server rendered while its code was arriving.
 */
function ScrollToTop() {
  const [pathname] = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Every page shown, for analytics (lib/analytics-queue.ts: kept until the client loads, if ever). */
function PageViews() {
  const [pathname] = useLocation();
  useEffect(() => recordPageView(pathname), [pathname]);
  return null;
}

/** On every route change after the first page: focus the new page's heading and announce it (route-focus.ts). */
function RouteChangeFocus() {
  const [pathname] = useLocation();
  const firstPath = useRef<string | null>(pathname);
  useEffect(() => {
    if (firstPath.current === null || firstPath.current !== pathname) {
      firstPath.current = null;
      void import('../route-focus.ts').then((m) => m.focusPageHeading()).catch(() => undefined);
    }
  }, [pathname]);
  return null;
}

/**
 * A 401 on a signed-in request ends the session and sends the person to sign in, then back.
 * On start, the server says whether the user this browser remembers is still signed in: the
 * session is an httpOnly cookie the page cannot see (decision 0084). A session that ended while
 * the person was away signs them out quietly (they were only browsing).
 */
function SessionWatcher() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onUnauthorized(() => {
        useAuthStore.getState().clearSession();
        queryClient.removeQueries({ predicate: (query) => query.meta?.userScoped === true });
        showToast('error', SESSION_ENDED_MESSAGE, { id: 'session-ended' });
        navigate('/login', { replace: true, state: returnToHere() });
      }),
    [navigate, queryClient],
  );
  useEffect(() => {
    if (!useAuthStore.getState().user) return undefined;
    return afterPageLoad(() => {
      getProfile({ quietUnauthorized: true }).catch((error: unknown) => {
        if (!(error instanceof ApiError) || error.status !== 401) return;
        useAuthStore.getState().clearSession();
        queryClient.removeQueries({ predicate: (query) => query.meta?.userScoped === true });
      });
    });
  }, [queryClient]);
  return null;
}

/**
 * Gold by default, blue when the restaurant record says so (restaurant 2 before it loads). The server
 * already wrote the theme into the page (spa.ts), so this only follows a change.
 */
function RestaurantTheme() {
  const { data: restaurant } = useRestaurant();
  const theme = restaurant?.theme ?? (getRestaurantId() === 2 ? 'blue' : 'gold');
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
  }, [theme]);
  return null;
}

function RestaurantRealtime() {
  useRestaurantRealtime(getRestaurantId());
  return null;
}
