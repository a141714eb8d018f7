import { useRoute } from 'wouter';
import { BookTablePage } from './book-table-page.tsx';
import { ManageReservationPage } from './manage-reservation-page.tsx';

/** The public reservation pages, one lazy chunk: /reservations (the modal) and the guest's link. */
export function PublicReservationsPage() {
  const [manage, params] = useRoute<{ token: string }>('/reservations/manage/:token');
  return manage ? <ManageReservationPage token={params.token} /> : <BookTablePage />;
}
