import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Spinner } from '../../../components/ui/spinner.tsx';

const FundraiserListPage = lazy(() => import('./fundraiser-list-page.tsx').then((m) => ({ default: m.FundraiserListPage })));
const FundraiserPage = lazy(() => import('./fundraiser-page.tsx').then((m) => ({ default: m.FundraiserPage })));
const CartPage = lazy(() => import('./cart-page.tsx').then((m) => ({ default: m.CartPage })));
const CheckoutPage = lazy(() => import('./checkout-page.tsx').then((m) => ({ default: m.CheckoutPage })));
const ConfirmationPage = lazy(() => import('./confirmation-page.tsx').then((m) => ({ default: m.ConfirmationPage })));
const OrderHistoryPage = lazy(() => import('./order-history-page.tsx').then((m) => ({ default: m.OrderHistoryPage })));
const ParticipantPage = lazy(() => import('./participant-page.tsx').then((m) => ({ default: m.ParticipantPage })));
const ParticipantFlyerPage = lazy(() => import('./participant-page.tsx').then((m) => ({ default: m.ParticipantFlyerPage })));
const FindOrderPage = lazy(() => import('./find-order-page.tsx').then((m) => ({ default: m.FindOrderPage })));
const OrderDetailPage = lazy(() => import('./order-detail-page.tsx').then((m) => ({ default: m.OrderDetailPage })));

/** An order id from the path: a positive whole number the API can hold (anything else is no order). */
export function orderIdParam(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

function ToWholesale() {
  return <Redirect to="/wholesale" replace />;
}

/**
 * The wholesale fundraiser shop (wholesale.md §2) under /wholesale; any other path under
 * /wholesale redirects to /wholesale, and so does an order path whose id is not an order id
 * (/wholesale/orders/abc, /wholesale/orders/abc/confirmation).
 */
export function WholesaleArea() {
  return (
    <Suspense
      fallback={
        <div className="flex min-h-[50vh] items-center justify-center">
          <Spinner size="lg" label="Loading" />
        </div>
      }
    >
      <Switch>
        <Route path="/wholesale">
          <FundraiserListPage />
        </Route>
        <Route path="/wholesale/cart">
          <CartPage />
        </Route>
        <Route path="/wholesale/checkout">
          <CheckoutPage />
        </Route>
        <Route path="/wholesale/orders">
          <OrderHistoryPage />
        </Route>
        <Route path="/wholesale/find-order">
          <FindOrderPage />
        </Route>
        <Route path="/wholesale/orders/:orderId/confirmation">
          {(params) => {
            const orderId = orderIdParam(params.orderId);
            return orderId === null ? <ToWholesale /> : <ConfirmationPage orderId={orderId} />;
          }}
        </Route>
        <Route path="/wholesale/orders/:orderId">
          {(params) => {
            const orderId = orderIdParam(params.orderId);
            return orderId === null ? <ToWholesale /> : <OrderDetailPage orderId={orderId} />;
          }}
        </Route>
        <Route path="/wholesale/:slug/donate">{(params) => <CheckoutPage donateSlug={params.slug} />}</Route>
        <Route path="/wholesale/:slug">{(params) => <FundraiserPage slug={params.slug} />}</Route>
        <Route path="/wholesale/:slug/participants/:participantId">
          {(params) => {
            const participantId = orderIdParam(params.participantId);
            return participantId === null ? <ToWholesale /> : <ParticipantPage slug={params.slug} participantId={participantId} />;
          }}
        </Route>
        <Route path="/wholesale/:slug/participants/:participantId/flyer">
          {(params) => {
            const participantId = orderIdParam(params.participantId);
            return participantId === null ? <ToWholesale /> : <ParticipantFlyerPage slug={params.slug} participantId={participantId} />;
          }}
        </Route>
        <Route>
          <ToWholesale />
        </Route>
      </Switch>
    </Suspense>
  );
}

// The area's entry for React.lazy (a default export keeps the home route's loader a few bytes smaller).
export default WholesaleArea;
