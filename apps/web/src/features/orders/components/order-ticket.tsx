import { useLayoutEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { OrderDetailOutput } from '@kusina/domain/order-management';
import { formatUSD } from '@kusina/domain/money';
import { formatPhone } from '@kusina/domain/phone-rules';
import { RestaurantDefaults } from '@kusina/domain/restaurants';
import { useRestaurant } from '../../../lib/restaurant.ts';
import { formatGuamDateTime } from '../utils/guam-time.ts';
import './print.css';

export type TicketKind = 'kitchen' | 'receipt';

function Line({ left, right, className }: { left: ReactNode; right?: ReactNode; className?: string }) {
  return (
    <div className={`ticket-line ${className ?? ''}`}>
      <span>{left}</span>
      {right !== undefined ? <span>{right}</span> : null}
    </div>
  );
}

/** The kitchen ticket: big order number, pickup time, each line with its choices and notes; no prices. */
function KitchenTicket({ order }: { order: OrderDetailOutput }) {
  return (
    <div className="print-ticket kitchen" data-testid="kitchen-ticket">
      <h1>KITCHEN</h1>
      <p className="ticket-number">{order.order_number}</p>
      <p className="ticket-center">{order.contact_name}</p>
      <p className="ticket-center">Pickup: {formatGuamDateTime(order.estimated_pickup_time)}</p>
      {order.is_staff_order ? <p className="ticket-center">STAFF ORDER: {order.staff_member_name}</p> : null}
      <hr className="ticket-rule" />
      {order.lines.map((line) => (
        <div key={line.id}>
          <Line
            left={
              <>
                <span className="ticket-qty">{line.quantity}×</span> {line.name}
              </>
            }
          />
          {Object.entries(line.customizations).map(([group, choices]) => (
            <p key={group} className="ticket-sub">
              {group}: {choices.join(', ')}
            </p>
          ))}
          {line.size || line.color ? <p className="ticket-sub">{[line.size, line.color].filter(Boolean).join(' / ')}</p> : null}
          {line.notes ? <p className="ticket-note">** {line.notes}</p> : null}
        </div>
      ))}
      {order.special_instructions ? (
        <>
          <hr className="ticket-rule" />
          <p className="ticket-note">NOTE: {order.special_instructions}</p>
        </>
      ) : null}
      <hr className="ticket-rule" />
      <p className="ticket-center">Placed {formatGuamDateTime(order.created_at)}</p>
    </div>
  );
}

/** The customer receipt: the restaurant, each line with its price, totals, payment and refunds. */
function CustomerReceipt({ order }: { order: OrderDetailOutput }) {
  const restaurant = useRestaurant().data;
  const money = (cents: number) => formatUSD(cents);
  return (
    <div className="print-ticket receipt" data-testid="customer-receipt">
      <h1>{restaurant?.name ?? 'Kusina'}</h1>
      <p className="ticket-center">{order.location_address || restaurant?.address || RestaurantDefaults.address}</p>
      <p className="ticket-center">{formatPhone(restaurant?.phone_number || RestaurantDefaults.phone)}</p>
      <hr className="ticket-rule" />
      <Line left="Order" right={order.order_number} />
      <Line left="Placed" right={formatGuamDateTime(order.created_at)} />
      <Line left="Pickup" right={formatGuamDateTime(order.estimated_pickup_time)} />
      <Line left="Customer" right={order.contact_name} />
      <hr className="ticket-rule" />
      {order.lines.map((line) => (
        <div key={line.id}>
          <Line left={`${line.quantity}× ${line.name}`} right={money(line.line_total_cents)} />
          {Object.entries(line.customizations).map(([group, choices]) => (
            <p key={group} className="ticket-sub">
              {group}: {choices.join(', ')}
            </p>
          ))}
          {line.size || line.color ? <p className="ticket-sub">{[line.size, line.color].filter(Boolean).join(' / ')}</p> : null}
        </div>
      ))}
      <hr className="ticket-rule" />
      <Line left="Subtotal" right={money(order.subtotal_cents)} />
      {order.discount_cents > 0 ? <Line left={`Discount${order.promo_code ? ` (${order.promo_code})` : ''}`} right={`-${money(order.discount_cents)}`} /> : null}
      <Line left="Total" right={money(order.total_cents)} className="ticket-total" />
      {order.refunded_cents > 0 ? (
        <>
          <Line left="Refunded" right={`-${money(order.refunded_cents)}`} />
          <Line left="Net paid" right={money(order.total_cents - order.refunded_cents)} className="ticket-total" />
        </>
      ) : null}
      {order.payment ? (
        <>
          <hr className="ticket-rule" />
          <Line left="Payment" right={`${order.payment.payment_method.replace('_', ' ')} (${order.payment.processor})`} />
          <Line left="Status" right={order.payment.status} />
          {order.payment.transaction_id ? <Line left="Transaction" right={order.payment.transaction_id} /> : null}
        </>
      ) : null}
      <hr className="ticket-rule" />
      <p className="ticket-center">Show your order number at pickup. Si Yu&apos;os Ma&apos;åse&apos;!</p>
    </div>
  );
}

/**
 * Prints one ticket: renders it into its own root at the end of <body>, marks the body so the print
 * stylesheet hides everything else, opens the browser's print dialog and tidies up after it.
 */
export function TicketPrinter({ order, kind, onDone }: { order: OrderDetailOutput; kind: TicketKind; onDone(): void }) {
  // A layout effect: the body's mark comes and goes in the same commit as the ticket itself.
  useLayoutEffect(() => {
    document.body.dataset.printing = kind;
    const done = () => onDone();
    window.addEventListener('afterprint', done);
    // Print once the ticket is in the document.
    const frame = requestAnimationFrame(() => {
      if (typeof window.print === 'function') window.print();
    });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', done);
      delete document.body.dataset.printing;
    };
  }, [kind, onDone]);

  return createPortal(<div className="print-ticket-root">{kind === 'kitchen' ? <KitchenTicket order={order} /> : <CustomerReceipt order={order} />}</div>, document.body);
}
