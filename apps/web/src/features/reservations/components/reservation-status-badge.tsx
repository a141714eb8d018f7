import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const tones: Record<string, BadgeTone> = {
  booked: 'info',
  reserved: 'success',
  confirmed: 'success',
  seated: 'brand',
  finished: 'neutral',
  rejected: 'danger',
  canceled: 'warning',
  cancelled: 'warning',
  no_show: 'danger',
};

const labels: Record<string, string> = { no_show: 'No-show', cancelled: 'Canceled' };

/** The status badge (§2); it also knows confirmed and cancelled (§4). */
export function ReservationStatusBadge({ status }: { status: string }) {
  const label = labels[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
  return <Badge tone={tones[status] ?? 'neutral'}>{label}</Badge>;
}
