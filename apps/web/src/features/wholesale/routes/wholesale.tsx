import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Spinner } from '../../../components/ui/spinner.tsx';

const FundraiserListPage = lazy(() => import('./fundraiser-list-page.tsx').then((m) => ({ default: m.FundraiserListPage })));
const FundraiserPage = lazy(() => import('./fundraiser-page.tsx').then((m) => ({ default: m.FundraiserPage })));
const CartPage = lazy(() => import('./cart-page.tsx').then((m) => ({ default: m.CartPage })));
const CheckoutPage = lazy(() => import('./checkout-page.tsx').then((m) => ({ default: m.CheckoutPage })));
const ConfirmationPage = lazy(() => import('./confirmation-page.tsx').then((m) => ({ default: m.ConfirmationPage })));
const OrderHistoryPage = lazy(() => import('./order-history-page.tsx').then((m) => ({ default: m.OrderHistoryPage })));
const OrderDetailPage = lazy(() => import('./order-detail-page.tsx').then((m) => ({ default: m.OrderDetailPage })));

/**
 * The wholesale fundraiser shop (wholesale.md §2) under /wholesale; any other path under
 * /wholesale redirects to /wholesale.
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
        <Route path="/wholesale/orders/:orderId/confirmation">{(params) => <ConfirmationPage orderId={Number(params.orderId)} />}</Route>
        <Route path="/wholesale/orders/:orderId">{(params) => <OrderDetailPage orderId={Number(params.orderId)} />}</Route>
        <Route path="/wholesale/:slug">{(params) => <FundraiserPage slug={params.slug} />}</Route>
        <Route>
          <Redirect to="/wholesale" replace />
        </Route>
      </Switch>
    </Suspense>
  );
}

// The area's entry for React.lazy (a default export keeps the home route's loader a few bytes smaller).
export default WholesaleArea;
