import { useLocation } from 'wouter';
import { Alert } from '../../../components/ui/alert.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { getRestaurantId } from '../../../lib/restaurant-id.ts';
import { useRestaurant } from '../../../lib/restaurant.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ReservationModal } from '../components/reservation-modal.tsx';

/**
 * /reservations: the page Book Your Table leads to, with the reservation modal open over it
 * (lazy: the home page never downloads it). Closing the modal returns home.
 */
export function BookTablePage() {
  useDocumentTitle('Reservations');
  const [, navigate] = useLocation();
  const restaurant = useRestaurant();
  const restaurantId = getRestaurantId();
  const enabled = restaurant.data?.admin_settings?.reservations?.enable_reservations_button !== false;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center gap-5 px-4 py-16 text-center">
      <h1 className="font-display text-4xl font-bold tracking-tight">Reservations</h1>
      {!restaurantId ? <Alert tone="error">Unable to access reservation system. Restaurant context is missing.</Alert> : null}
      {restaurant.isError ? <Alert tone="error">Unable to load restaurant settings. Please try again later.</Alert> : null}
      {restaurant.data && !enabled ? <p className="text-lg text-ink-muted">Online reservations are not available right now. Please call us to book a table.</p> : null}
      <ButtonLink to="/" variant="secondary">
        Back to Home
      </ButtonLink>
      {restaurantId && restaurant.data && enabled ? <ReservationModal restaurantId={restaurantId} onClose={() => navigate('/')} /> : null}
    </div>
  );
}
