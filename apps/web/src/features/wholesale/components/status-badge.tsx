import { orderStatusLabel } from '@kusina/domain/wholesale';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const tones: Record<string, BadgeTone> = {
  pending: 'warning',
  confirmed: 'info',
  processing: 'info',
  fulfilled: 'success',
  completed: 'neutral',
  delivered: 'neutral',
  shipped: 'info',
  cancelled: 'danger',
};

export function WholesaleStatusBadge({ status }: { status: string }) {
  return <Badge tone={tones[status] ?? 'neutral'}>{orderStatusLabel(status)}</Badge>;
}
