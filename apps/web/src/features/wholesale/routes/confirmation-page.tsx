import type { ReactNode } from 'react';
import { CircleCheck } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';
import { WholesaleMessages } from '@kusina/domain/wholesale';
import { RestaurantDefaults } from '@kusina/domain/restaurants';
import { formatPhone } from '@kusina/domain/phone-rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useRestaurant } from '../../../lib/restaurant.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useOrder } from '../api/get-order.ts';
import { useOrderLive } from '../api/use-wholesale-live.ts';
import { OrderImpact } from '../components/order-impact.tsx';
import { mapLink, OrderItems } from '../components/order-items.tsx';

function Section({ title, open, children }: { title: string; open: boolean; children: ReactNode }) {
  return (
    <details open={open} className="group rounded-2xl border border-line bg-surface-raised">
      <summary className="flex min-h-11 cursor-pointer items-center justify-between px-4 py-3 font-semibold">
        {title}
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="px-4 pb-4">{children}</div>
    </details>
  );
}

/** /wholesale/orders/{id}/confirmation (§2): the order just placed, opened by its owner or the link's token. */
export function ConfirmationPage({ orderId }: { orderId: number }) {
  useDocumentTitle('Wholesale Order Confirmed');
  const [params] = useSearchParams();
  const token = params.get('token');
  const order = useOrder(orderId, token);
  const restaurant = useRestaurant();
  useOrderLive(orderId, token);

  if (order.isPending) {
    return (
      <div className="flex min-h-[40vh] items-center justify-center">
        <Spinner size="lg" label="Loading your order…" />
      </div>
    );
  }
  if (order.isError || !order.data) {
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6">
        <Alert tone="error" title={WholesaleMessages.orderDetailsNotAvailable}>
          <p>Unable to load order details: {errorMessage(order.error, WholesaleMessages.invalidOrderData)}</p>
        </Alert>
        <Link href="/wholesale" className={buttonClasses({ variant: 'secondary' }) + ' mt-4'}>
          Return to Wholesale
        </Link>
      </div>
    );
  }
  const o = order.data;
  const address = o.fundraiser.pickup_display_address ?? restaurant.data?.address ?? RestaurantDefaults.pickupAddress;
  const phone = o.fundraiser.pickup_contact_phone ?? restaurant.data?.phone_number ?? RestaurantDefaults.phone;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6">
      <div className="text-center">
        <CircleCheck aria-hidden="true" className="mx-auto size-14 text-success-ink" />
        <h1 className="mt-3 font-display text-3xl font-bold">Wholesale Order Confirmed!</h1>
        <p className="mt-2">
          Order <span className="font-semibold">{o.orderNumber}</span> · placed {formatDateTime(o.createdAt)}
        </p>
        <p className="mt-1 text-ink-muted">
          {o.fundraiser.name} · Supporting {o.participant ? o.participant.name : 'the organisation (general support)'}
        </p>
        <p className="mt-2 text-sm">{o.statusMessage}</p>
      </div>
      <OrderImpact orderId={orderId} token={token} />
      <div className="mt-6 space-y-3">
        <div className="rounded-2xl border border-line bg-surface-raised p-4">
          <h2 className="font-semibold">Pickup</h2>
          <p>{o.fundraiser.pickup_display_name}</p>
          <p>{address}</p>
          {o.fundraiser.pickup_hours ? <p>{o.fundraiser.pickup_hours}</p> : null}
          {o.fundraiser.pickup_instructions ? <p className="text-sm text-ink-muted">{o.fundraiser.pickup_instructions}</p> : null}
          <p className="mt-2 flex flex-wrap gap-4 text-sm">
            <a href={mapLink(address)} target="_blank" rel="noreferrer" className="font-semibold text-brand-ink underline">
              Open in Maps
            </a>
            <a href={`tel:${phone}`} className="font-semibold text-brand-ink underline">
              Call {o.fundraiser.pickup_contact_name ? `${o.fundraiser.pickup_contact_name} ` : ''}{formatPhone(phone)}
            </a>
          </p>
        </div>
        <Section title="Order Items" open>
          <OrderItems order={o} />
        </Section>
        <Section title="Your Contact Information" open>
          <p>{o.customerName}</p>
          <p>{o.customerEmail}</p>
          <p>{formatPhone(o.customerPhone)}</p>
        </Section>
        {o.notes ? (
          <Section title="Order Notes" open={false}>
            <p>{o.notes}</p>
          </Section>
        ) : null}
        <Section title="Estimated Pickup" open>
          {o.estimated_pickup_time ? (
            <p>
              From <time dateTime={o.estimated_pickup_time}>{formatDateTime(o.estimated_pickup_time)}</time>
              {o.fundraiser.pickup_hours ? ` · ${o.fundraiser.pickup_hours}` : ''}
            </p>
          ) : (
            <p>{o.fundraiser.pickup_hours ? `Pick up during ${o.fundraiser.pickup_hours}.` : 'The pickup day has not been announced yet.'}</p>
          )}
          <p className="text-sm text-ink-muted">We will text and e-mail you when your order is Ready for Pickup.</p>
        </Section>
      </div>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link href="/wholesale" className={buttonClasses()}>
          Browse More Items
        </Link>
        <Link href="/" className={buttonClasses({ variant: 'secondary' })}>
          Return Home
        </Link>
      </div>
    </div>
  );
}
