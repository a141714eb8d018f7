import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { GUEST_LINK_DAYS_AFTER, ReservationMessages, type GuestReservationOutput } from '@kusina/domain/reservations';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { api, ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { formatDateTime } from '../../../lib/guam-dates.ts';
import { ReservationStatusBadge } from '../components/reservation-status-badge.tsx';

/** The guest's link (/reservations/manage/:token): see the reservation and cancel it. */
export function ManageReservationPage({ token }: { token: string }) {
  useDocumentTitle('Your Reservation');
  const queryClient = useQueryClient();
  const key = ['reservations', 'guest', token];
  const reservation = useQuery({ queryKey: key, queryFn: () => api.get<GuestReservationOutput>(`/public/reservations/${token}`), retry: false });
  const [canceling, setCanceling] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const cancel = async () => {
    if (!window.confirm('Cancel this reservation?')) return;
    setCanceling(true);
    setError(null);
    try {
      queryClient.setQueryData(key, await api.post<GuestReservationOutput>(`/public/reservations/${token}/cancel`));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not cancel the reservation. Please try again.');
    } finally {
      setCanceling(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-xl flex-1 space-y-5 px-4 py-10">
      <h1 className="font-display text-3xl font-bold">Your Reservation</h1>
      {reservation.isPending ? (
        <Spinner size="lg" label="Loading your reservation..." />
      ) : reservation.isError ? (
        reservation.error instanceof ApiError && reservation.error.status === 410 ? (
          <Alert tone="warning" title="This link has expired">
            {ReservationMessages.linkExpired}
          </Alert>
        ) : (
          <Alert tone="error">We could not find this reservation. Please check the link in your message.</Alert>
        )
      ) : (
        <div className="space-y-4 rounded-2xl border border-line bg-surface-raised p-5">
          <p className="text-lg">
            Reservation <strong className="font-mono">{reservation.data.reservation_number}</strong> <ReservationStatusBadge status={reservation.data.status} />
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-semibold">When</dt>
            <dd>{formatDateTime(reservation.data.start_time)}</dd>
            <dt className="font-semibold">Party Size</dt>
            <dd>{reservation.data.party_size}</dd>
            <dt className="font-semibold">Name</dt>
            <dd>{reservation.data.contact_name}</dd>
            <dt className="font-semibold">Where</dt>
            <dd>
              {reservation.data.restaurant_name} — {reservation.data.location.name}
              {reservation.data.location.address ? <span className="block text-ink-muted">{reservation.data.location.address}</span> : null}
            </dd>
            {reservation.data.special_requests ? (
              <>
                <dt className="font-semibold">Special Requests</dt>
                <dd>{reservation.data.special_requests}</dd>
              </>
            ) : null}
          </dl>
          {error ? <Alert tone="error">{error}</Alert> : null}
          {reservation.data.status === 'canceled' ? <Alert tone="info">Your reservation has been canceled.</Alert> : null}
          {reservation.data.can_cancel ? (
            <Button variant="danger" onClick={() => void cancel()} loading={canceling}>
              Cancel Reservation
            </Button>
          ) : null}
          <p className="text-sm text-ink-muted">
            For your privacy this link works until {formatDateTime(reservation.data.link_expires_at)}, {GUEST_LINK_DAYS_AFTER} days after your reservation.
          </p>
        </div>
      )}
      <ButtonLink to="/" variant="secondary">
        Back to Home
      </ButtonLink>
    </div>
  );
}
