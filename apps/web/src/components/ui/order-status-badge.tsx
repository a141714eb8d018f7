import { Badge, type BadgeTone } from './badge.tsx';

/**
 * An order's status as customers and staff both see it. Each status has its colour; an unknown one
 * looks like pending (storefront.md §4).
 */
const TONES: Record<string, BadgeTone> = {
  pending: 'warning',
  confirmed: 'info',
  preparing: 'brand',
  ready: 'success',
  completed: 'neutral',
  cancelled: 'danger',
  refunded: 'neutral',
};

function statusTone(status: string | null | undefined): BadgeTone {
  return TONES[status ?? ''] ?? TONES.pending ?? 'warning';
}

export function statusLabel(status: string | null | undefined): string {
  const value = status || 'pending';
  return value.charAt(0).toUpperCase() + value.slice(1);
}

export function OrderStatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  return (
    <Badge tone={statusTone(status)} data-status={status ?? 'pending'} className={className}>
      {statusLabel(status)}
    </Badge>
  );
}
