import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import { AlertTriangle, CheckCircle2, ChevronDown, Clock, ExternalLink, MapPin, Phone, UserRound } from 'lucide-react';
import { CheckoutMessages, DEFAULT_ADVANCE_NOTICE_HOURS, pickupEstimate } from '@kusina/domain/checkout';
import { dollarsToCents, formatUSD } from '@kusina/domain/money';
import { formatPhone, phoneHref } from '@kusina/domain/phone-rules';
import { hoursLine, RestaurantDefaults } from '@kusina/domain/restaurants';
import { Alert } from '../../../components/ui/alert.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useRestaurant } from '../../../lib/restaurant.ts';
import { useLocationState } from '../../../lib/router.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import type { OrderView } from '../../../lib/checkout-contracts.ts';
import { useOrder } from '../api/get-order.ts';
import { useLiveOrder } from '../api/use-live-order.ts';
import { LiveOrderStatus } from '../components/live-order-status.tsx';
import { ConfirmationText } from '../messages.ts';
import { StaffOrderText } from '../../../lib/staff-order-messages.ts';
import { formatPercentage, staffDiscountLabel } from '../../../lib/staff-order.ts';
import { formatGuamDateTime } from '../utils/dates.ts';

function orderFromState(state: unknown): OrderView | undefined {
  const order = (state as { order?: unknown } | null)?.order;
  return typeof order === 'object' && order !== null ? (order as OrderView) : undefined;
}

function money(dollars: number | null | undefined): string {
  return formatUSD(Number.isFinite(dollars) ? dollarsToCents(dollars ?? 0) : 0);
}

function mapsUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

export function OrderConfirmationPage() {
  useDocumentTitle('Order Confirmation');
  const { orderId } = useParams();
  const [searchParams] = useSearchParams();
  const passed = orderFromState(useLocationState());
  const token = searchParams.get('token');
  const order = useOrder(orderId, token, passed && String(passed.id) === orderId ? passed : undefined);
  useLiveOrder(orderId, token);

  if (orderId && order.isPending) {
    return (
      <div className="mx-auto flex w-full max-w-3xl justify-center px-4 py-20">
        <Spinner size="lg" label={ConfirmationText.loading} />
      </div>
    );
  }
  if (!orderId || order.isError || !order.data) {
    const text = order.error instanceof ApiError && order.error.status < 500 ? order.error.message : order.error ? CheckoutMessages.unableToLoadOrder : null;
    return <ConfirmationError message={text || CheckoutMessages.orderDetailsNotAvailable} />;
  }
  return <ConfirmationDetails order={order.data} routeId={orderId} />;
}

function ConfirmationError({ message }: { message: string }) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12 text-center">
      <h1 className="font-display text-3xl font-bold">Order Confirmation</h1>
      <Alert tone="error" className="mt-6 text-left">
        {message}
      </Alert>
      <p className="mt-4 text-ink-muted">
        We could not load your order number. If your payment went through, your order has been received and the restaurant has it.
      </p>
      <ButtonLink to="/menu" size="lg" className="mt-6">
        Continue Ordering
      </ButtonLink>
    </div>
  );
}

function Section({ title, children, defaultOpen = false }: { title: string; children: ReactNode; defaultOpen?: boolean }) {
  return (
    <details open={defaultOpen} className="group rounded-2xl border border-line bg-surface-raised shadow-sm">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 px-5 py-3 text-lg font-bold [&::-webkit-details-marker]:hidden">
        <h2>{title}</h2>
        <ChevronDown aria-hidden="true" className="size-5 transition-transform group-open:rotate-180" />
      </summary>
      <div className="border-t border-line px-5 py-4">{children}</div>
    </details>
  );
}

function customizationText(value: string | string[]): string {
  return Array.isArray(value) ? value.join(', ') : value;
}

function ConfirmationDetails({ order, routeId }: { order: OrderView; routeId: string }) {
  const restaurant = useRestaurant();
  const settings = restaurant.data?.admin_settings;
  const orderNumber = order.order_number || routeId;
  const needsNotice = order.requires_advance_notice === true || (order.max_advance_notice_hours !== null && order.max_advance_notice_hours !== undefined);
  const noticeHours = order.max_advance_notice_hours ?? DEFAULT_ADVANCE_NOTICE_HOURS;
  const customLocation = restaurant.data?.custom_pickup_location || order.custom_pickup_location || null;
  const address = order.location_address || restaurant.data?.address || RestaurantDefaults.pickupAddress;
  const pickupAddress = customLocation ?? address;
  const phone = restaurant.data?.phone_number || RestaurantDefaults.phone;
  const foodItems = order.items ?? [];
  const merchandise = order.merchandise_items ?? [];
  const instructions = settings?.custom_pickup_instructions?.trim();
  const placedOn = formatGuamDateTime(order.created_at);
  const estimated = formatGuamDateTime(order.estimated_pickup_time) || order.pickup_estimate || pickupEstimate(needsNotice ? noticeHours : null);

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <header className="space-y-2 text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto size-14 text-success-ink" />
        <h1 className="font-display text-3xl font-bold sm:text-4xl">Order Confirmed</h1>
        <p className="text-lg">
          Order number: <strong data-testid="order-number">{orderNumber}</strong>
        </p>
        {placedOn ? <p className="text-ink-muted">Placed on {placedOn}</p> : null}
      </header>

      {needsNotice ? (
        <Alert tone="warning" title="Advance Notice Required">
          This order includes items that need {noticeHours} hours notice. We will have it ready at the estimated pickup time below.
        </Alert>
      ) : null}
      {order.is_staff_order ? (
        <Alert tone="info" title="Staff Order">
          <p>Placed for {order.staff_member_name || 'a staff member'}.</p>
          {order.staff_discount_name ? (
            <p data-testid="staff-discount">
              Staff discount: <strong>{order.staff_discount_name}</strong>
              {typeof order.staff_discount_percentage === 'number' ? ` (${formatPercentage(order.staff_discount_percentage)} off)` : ''}
            </p>
          ) : null}
        </Alert>
      ) : null}

      <div className="rounded-2xl border border-line bg-surface-muted p-5 text-center">
        <LiveOrderStatus status={order.status} estimatedPickupTime={order.estimated_pickup_time} statusHistory={order.status_history} etaUpdatedAt={order.eta_updated_at} requestedPickupTime={order.requested_pickup_time} />
        <p className="mt-1 text-ink-muted">Please show your order number when you pick up your order.</p>
      </div>

      <section aria-labelledby="pickup-location-title" className="space-y-4 rounded-2xl border border-line bg-surface-raised p-5 shadow-sm">
        <h2 id="pickup-location-title" className="text-xl font-bold">
          Pickup Location
        </h2>
        {restaurant.isError ? <p className="text-sm text-danger-ink">{CheckoutMessages.locationLoadFailed}</p> : null}
        {customLocation ? (
          <Alert tone="warning" title="Special pickup location">
            Please pick up your order at: {customLocation}
          </Alert>
        ) : (
          <p className="flex items-start gap-2">
            <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-ink" />
            <span>
              {order.location_name ? <span className="block font-semibold">{order.location_name}</span> : null}
              {address}
            </span>
          </p>
        )}
        <a
          href={mapsUrl(pickupAddress)}
          target="_blank"
          rel="noreferrer"
          className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-ink underline-offset-4 hover:underline"
        >
          Open in Maps
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        <p className="flex items-center gap-2">
          <Clock aria-hidden="true" className="size-5 text-brand-ink" />
          {hoursLine(restaurant.data?.hours_text)}
        </p>
        <p className="flex items-center gap-2">
          <Phone aria-hidden="true" className="size-5 text-brand-ink" />
          <a href={phoneHref(phone)} className="font-semibold text-brand-ink underline-offset-4 hover:underline">
            {formatPhone(phone)}
          </a>
        </p>
        <div>
          <h3 className="font-bold">Pickup Instructions</h3>
          {instructions ? (
            <p className="mt-1 whitespace-pre-line">{instructions}</p>
          ) : (
            <ol className="mt-1 list-decimal space-y-1 pl-5">
              {ConfirmationText.defaultSteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          )}
        </div>
      </section>

      <Section title="Order Items" defaultOpen>
        {foodItems.length > 0 ? (
          <>
            {merchandise.length > 0 ? <h3 className="mb-1 text-sm font-bold tracking-wide text-ink-muted uppercase">Food</h3> : null}
            <ul className="divide-y divide-line" aria-label="Food items">
              {foodItems.map((item, index) => (
                <OrderLine
                  key={`food-${index}`}
                  line={item}
                  details={Object.entries(item.customizations ?? {}).map(([group, value]) => `${group}: ${customizationText(value)}`)}
                />
              ))}
            </ul>
          </>
        ) : null}
        {merchandise.length > 0 ? (
          <>
            {foodItems.length > 0 ? <h3 className="mt-4 mb-1 text-sm font-bold tracking-wide text-ink-muted uppercase">Merchandise</h3> : null}
            <ul className="divide-y divide-line" aria-label="Merchandise items">
              {merchandise.map((item, index) => (
                <OrderLine
                  key={`merch-${index}`}
                  line={item}
                  details={[item.size ? `Size: ${item.size}` : null, item.color ? `Color: ${item.color}` : null].filter((d): d is string => d !== null)}
                />
              ))}
            </ul>
          </>
        ) : null}
        <dl className="mt-3 space-y-1 border-t border-line pt-3">
          {/* The food subtotal always; the merchandise subtotal whenever merchandise is in the order (storefront.md §2). */}
          <div className="flex justify-between">
            <dt>Food subtotal</dt>
            <dd className="tabular-nums">{money(order.food_subtotal)}</dd>
          </div>
          {merchandise.length > 0 ? (
            <div className="flex justify-between">
              <dt>Merchandise subtotal</dt>
              <dd className="tabular-nums">{money(order.merchandise_subtotal)}</dd>
            </div>
          ) : null}
          {order.discount ? (
            <div className="flex justify-between text-success-ink">
              <dt>
                {order.staff_discount_name
                  ? StaffOrderText.staffDiscountLine(staffDiscountLabel(order.staff_discount_name, order.staff_discount_percentage))
                  : `Discount${order.promo_code ? ` (${order.promo_code})` : ''}`}
              </dt>
              <dd className="tabular-nums">−{money(order.discount)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between text-lg font-bold">
            <dt>Total</dt>
            <dd className="tabular-nums">{money(order.total)}</dd>
          </div>
        </dl>
      </Section>

      <Section title="Contact Information">
        <dl className="space-y-2">
          <div className="flex gap-2">
            <UserRound aria-hidden="true" className="size-5 text-ink-muted" />
            <dt className="sr-only">Name</dt>
            <dd>{order.contact_name || '—'}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-semibold">Phone:</dt>
            <dd>{order.contact_phone ? formatPhone(order.contact_phone) : '—'}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-semibold">Email:</dt>
            <dd className="break-all">{order.contact_email || '—'}</dd>
          </div>
        </dl>
      </Section>

      <Section title="Special Instructions">
        <p className="whitespace-pre-line">{order.special_instructions || 'No special instructions.'}</p>
      </Section>

      <section aria-labelledby="estimated-pickup-title" className="rounded-2xl border border-line bg-surface-raised p-5 text-center shadow-sm">
        <h2 id="estimated-pickup-title" className="flex items-center justify-center gap-2 text-lg font-bold">
          {needsNotice ? <AlertTriangle aria-hidden="true" className="size-5 text-warning-ink" /> : <Clock aria-hidden="true" className="size-5" />}
          Estimated Pickup
        </h2>
        <p className="mt-1 text-lg" data-testid="estimated-pickup">
          {estimated}
        </p>
      </section>

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <ButtonLink to="/menu" size="lg">
          Order More
        </ButtonLink>
        <ButtonLink to="/" size="lg" variant="secondary">
          Return Home
        </ButtonLink>
      </div>
      <p className="text-center text-sm text-ink-muted">
        Keep this page&apos;s link to check your order later, or find it in your{' '}
        <Link to="/orders" className="font-semibold text-brand-ink underline-offset-4 hover:underline">
          Order History
        </Link>{' '}
        when signed in.
      </p>
    </div>
  );
}

/** One ordered line: name, price × quantity, its details (choices, or size and colour) and notes. */
function OrderLine({ line, details }: { line: { name: string; price: number; quantity: number; notes?: string | null }; details: string[] }) {
  return (
    <li className="py-3 first:pt-0">
      <div className="flex justify-between gap-3">
        <span className="font-semibold">{line.name}</span>
        <span className="tabular-nums">
          {money(line.price)} × {line.quantity}
        </span>
      </div>
      {details.map((detail) => (
        <p key={detail} className="text-sm text-ink-muted">
          {detail}
        </p>
      ))}
      {line.notes ? <p className="text-sm text-ink-muted">Notes: {line.notes}</p> : null}
    </li>
  );
}
