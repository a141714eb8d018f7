import { BellRing, Check, Clock, MapPin, ShoppingBag, UserRound } from 'lucide-react';
import type { OrderBoardEntry } from '@kusina/domain/order-management';
import { formatUSD } from '@kusina/domain/money';
import { formatPhone } from '@kusina/domain/phone-rules';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { pluralize } from '../../../lib/format.ts';
import { formatAge, formatGuamClock, minutesUntil } from '../utils/guam-time.ts';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx';

const WAITING_STATUSES = new Set(['pending', 'confirmed', 'preparing']);

/** "in 12 min", "5 min late", "now": how the pickup time compares with the clock. */
export function etaHint(order: Pick<OrderBoardEntry, 'status' | 'estimated_pickup_time'>, now: number): string | null {
  if (!WAITING_STATUSES.has(order.status)) return null;
  const minutes = minutesUntil(order.estimated_pickup_time, now);
  if (minutes > 120) return null;
  if (minutes > 0) return `in ${minutes} min`;
  if (minutes === 0) return 'now';
  return `${-minutes} min late`;
}

export interface OrderCardProps {
  order: OrderBoardEntry;
  now: number;
  onOpen(order: OrderBoardEntry): void;
  onAcknowledge(order: OrderBoardEntry): void;
  acknowledging: boolean;
}

/** One order on the board: what the counter scans for at a glance; View opens it. */
export function OrderCard({ order, now, onOpen, onAcknowledge, acknowledging }: OrderCardProps) {
  const unacknowledged = order.acknowledged_at === null;
  const hint = etaHint(order, now);
  const late = hint?.endsWith('late') ?? false;
  const summary = order.lines
    .slice(0, 3)
    .map((line) => `${line.quantity}× ${line.name}`)
    .join(', ');
  const more = order.lines.length > 3 ? ` +${order.lines.length - 3} more` : '';

  return (
    <li
      data-testid="order-card"
      data-order-id={order.id}
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-2xl border bg-surface-raised p-4 shadow-sm',
        unacknowledged ? 'border-warning-line ring-2 ring-warning-line' : 'border-line',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-xl leading-tight font-bold tabular-nums">{order.order_number}</h3>
          <p className="text-sm text-ink-muted">
            <time dateTime={order.created_at}>{formatAge(order.created_at, now)}</time>
            {formatAge(order.created_at, now) === 'just now' ? '' : ' ago'}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <OrderStatusBadge status={order.status} />
          {unacknowledged ? (
            <Badge tone="warning">
              <BellRing aria-hidden="true" className="size-3.5" />
              New
            </Badge>
          ) : null}
        </div>
      </div>

      <dl className="grid gap-1.5 text-sm">
        <div className="flex items-center gap-2">
          <dt>
            <UserRound aria-hidden="true" className="size-4 text-ink-muted" />
            <span className="sr-only">Customer</span>
          </dt>
          <dd className="min-w-0">
            <span className="font-semibold">{order.contact_name}</span>
            {order.contact_phone ? <span className="text-ink-muted"> · {formatPhone(order.contact_phone)}</span> : null}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <Clock aria-hidden="true" className="size-4 text-ink-muted" />
            <span className="sr-only">Pickup</span>
          </dt>
          <dd>
            {formatGuamClock(order.estimated_pickup_time, new Date(now))}
            {hint ? <span className={cn('ml-1 font-semibold', late ? 'text-danger-ink' : 'text-ink-muted')}>({hint})</span> : null}
            {order.requires_advance_notice ? <span className="ml-1 text-warning-ink">· advance order</span> : null}
            {order.requested_pickup_time ? <span className="ml-1 text-ink-muted">· time chosen by the customer</span> : null}
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <dt>
            <ShoppingBag aria-hidden="true" className="mt-0.5 size-4 text-ink-muted" />
            <span className="sr-only">Items</span>
          </dt>
          <dd className="min-w-0">
            <span className="font-semibold">{pluralize(order.item_count, 'item')}</span>
            {summary ? <span className="text-ink-muted"> · {summary}{more}</span> : null}
          </dd>
        </div>
        {order.location_name ? (
          <div className="flex items-center gap-2">
            <dt>
              <MapPin aria-hidden="true" className="size-4 text-ink-muted" />
              <span className="sr-only">Location</span>
            </dt>
            <dd className="min-w-0">{order.location_name}</dd>
          </div>
        ) : null}
      </dl>

      {order.special_instructions ? <p className="rounded-lg bg-warning-soft px-3 py-2 text-sm text-warning-ink">Note: {order.special_instructions}</p> : null}

      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-lg font-bold tabular-nums">{formatUSD(order.total_cents)}</span>
          {order.is_staff_order ? <Badge tone="info">Staff order{order.staff_member_name ? `: ${order.staff_member_name}` : ''}</Badge> : <Badge>Online</Badge>}
          {order.refund_status !== 'none' ? <Badge tone="danger">{order.refund_status === 'full' ? 'Refunded' : 'Partly refunded'}</Badge> : null}
        </div>
        <div className="flex gap-2">
          {unacknowledged ? (
            <Button
              size="sm"
              onClick={() => onAcknowledge(order)}
              loading={acknowledging}
              icon={<Check aria-hidden="true" className="size-4" />}
              aria-label={`Acknowledge order ${order.order_number}`}
            >
              Acknowledge
            </Button>
          ) : null}
          <Button size="sm" variant="secondary" onClick={() => onOpen(order)} aria-label={`View order ${order.order_number}`}>
            View
          </Button>
        </div>
      </div>
    </li>
  );
}
