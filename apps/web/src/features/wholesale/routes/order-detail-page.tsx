import { dollarsToCents, formatUSD } from '@kusina/domain/money';
import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { WholesaleMessages } from '@kusina/domain/wholesale';
import { RestaurantDefaults } from '@kusina/domain/restaurants';
import { formatPhone } from '@kusina/domain/phone-rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useRestaurant } from '../../../lib/restaurant.ts';
import { shopToast } from '../toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { useOrder } from '../api/get-order.ts';
import { useOrderLive } from '../api/use-wholesale-live.ts';
import { mapLink, OrderItems } from '../components/order-items.tsx';
import { WholesaleStatusBadge } from '../components/status-badge.tsx';

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-line bg-surface-raised p-4" aria-label={title}>
      <h2 className="font-display text-lg font-bold">{title}</h2>
      <div className="mt-2 text-sm">{children}</div>
    </section>
  );
}

/** /wholesale/orders/{id} (§2): status, real items, pickup, summary, payment, fundraiser, customer; cancel when pending or confirmed. */
export function OrderDetailPage({ orderId }: { orderId: number }) {
  useDocumentTitle('Order Details');
  const [params] = useSearchParams();
  const token = params.get('token');
  const order = useOrder(orderId, token);
  const cancel = useCancelOrder(orderId, token);
  const restaurant = useRestaurant();
  const [confirming, setConfirming] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  useOrderLive(orderId, token);

  if (order.isPending) {
    return (
      <div className="flex min-h-[40vh] items-center justify-center">
        <Spinner size="lg" label="Loading order details…" />
      </div>
    );
  }
  if (order.isError || !order.data) {
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6">
        <Alert tone="error" title={WholesaleMessages.loadOrderFailed}>
          <p>{errorMessage(order.error, WholesaleMessages.loadOrderRetry)}</p>
        </Alert>
        <div className="mt-4 flex gap-2">
          <Button variant="secondary" onClick={() => void order.refetch()}>
            Try Again
          </Button>
          <Button variant="ghost" onClick={() => window.history.back()}>
            Go Back
          </Button>
        </div>
      </div>
    );
  }
  const o = order.data;
  const address = o.fundraiser.pickup_display_address ?? restaurant.data?.address ?? RestaurantDefaults.pickupAddress;
  const phone = o.fundraiser.pickup_contact_phone ?? restaurant.data?.phone_number ?? RestaurantDefaults.phone;

  const doCancel = () => {
    setCancelError(null);
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        shopToast('success', 'Order cancelled. Your refund is on its way.');
      },
      onError: (error) => {
        setConfirming(false);
        setCancelError(errorMessage(error, WholesaleMessages.cancelRetry));
        // The order may have moved on (e.g. Ready for Pickup): show it as it is now.
        void order.refetch();
      },
    });
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-3xl font-bold">Order {o.orderNumber}</h1>
        <WholesaleStatusBadge status={o.status} />
      </div>
      <p className="mt-1 text-ink-muted">Placed {formatDateTime(o.createdAt)}</p>
      <Alert tone={o.status === 'cancelled' ? 'warning' : 'info'} className="mt-4">
        <p>{o.statusMessage}</p>
        <p className="text-xs">Last updated {formatDateTime(o.updatedAt)}</p>
      </Alert>
      {cancelError ? (
        <Alert tone="error" className="mt-4" title={WholesaleMessages.cancelFailed}>
          <p>{cancelError}</p>
        </Alert>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {o.canCancel ? (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Cancel Order
          </Button>
        ) : null}
        <Link href={`/wholesale/${o.fundraiser.slug}`} className={buttonClasses({ variant: 'secondary' })}>
          Visit Fundraiser
        </Link>
      </div>
      <div className="mt-6 grid gap-4">
        <Block title="Items">
          <OrderItems order={o} />
        </Block>
        <Block title="Pickup Information">
          <p className="font-semibold">{o.fundraiser.pickup_display_name}</p>
          <p>{address}</p>
          {o.fundraiser.pickup_hours ? <p>{o.fundraiser.pickup_hours}</p> : null}
          {o.estimated_pickup_time ? (
            <p>
              Estimated Pickup: <time dateTime={o.estimated_pickup_time}>{formatDateTime(o.estimated_pickup_time)}</time>
            </p>
          ) : null}
          {o.fundraiser.pickup_instructions ? <p className="text-ink-muted">{o.fundraiser.pickup_instructions}</p> : null}
          <a href={mapLink(address)} target="_blank" rel="noreferrer" className="font-semibold text-brand-ink underline">
            Open in Maps
          </a>
        </Block>
        <Block title="Order Summary">
          <p>
            {o.itemCount} items ({o.uniqueItemCount} different) · Total {formatUSD(dollarsToCents(o.total))}
          </p>
          <p>Supporting: {o.participant?.name ?? 'General organisation support'}</p>
        </Block>
        <Block title="Payment Information">
          <p>Status: {o.paymentStatus}</p>
          {o.payment?.card_last4 ? (
            <p>
              {o.payment.card_brand ?? 'Card'} ending in {o.payment.card_last4}
            </p>
          ) : null}
          {o.refundedCents > 0 ? <p>Refunded {formatUSD(o.refundedCents)}</p> : null}
        </Block>
        <Block title="Fundraiser Details">
          <p className="font-semibold">{o.fundraiser.name}</p>
        </Block>
        <Block title="Customer Information">
          <p>{o.customerName}</p>
          <p>{o.customerEmail}</p>
          <p>{formatPhone(o.customerPhone)}</p>
          {o.notes ? <p className="mt-1 text-ink-muted">Notes: {o.notes}</p> : null}
        </Block>
        <Block title="Need Help?">
          <p>
            Contact {o.fundraiser.pickup_contact_name ?? 'us'} at{' '}
            <a href={`tel:${phone}`} className="font-semibold text-brand-ink underline">
              {formatPhone(phone)}
            </a>
            .
          </p>
        </Block>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel Order"
        description={WholesaleMessages.cancelConfirm}
        footer={
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Button variant="danger" loading={cancel.isPending} onClick={doCancel}>
              Yes, Cancel Order
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep Order
            </Button>
          </div>
        }
      >
        <p>Your payment of {formatUSD(dollarsToCents(o.total))} will be refunded to your card.</p>
      </Dialog>
    </div>
  );
}
