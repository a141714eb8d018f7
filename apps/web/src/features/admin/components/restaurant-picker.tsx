import { useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { useActForRestaurant } from '../api/act-for-restaurant.ts';
import { useRestaurantChoices } from '../api/get-restaurant-choices.ts';

/**
 * The super admin's restaurant picker (issue #37; decision 0128): every restaurant, and the one the
 * admin tabs act on. The pick is kept on the server's session. Admins never see it.
 */
export function RestaurantPicker() {
  const id = useId();
  const choices = useRestaurantChoices(true);
  const act = useActForRestaurant();
  if (choices.isError) return <Alert tone="error">{failureMessage('Could not load the restaurants.', choices.error)}</Alert>;
  if (!choices.data) return null;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        Restaurant
      </label>
      <select
        id={id}
        value={choices.data.acting_restaurant_id}
        disabled={act.isPending}
        onChange={(event) => act.mutate(Number(event.target.value))}
        className="min-h-11 max-w-full rounded-lg border border-line-strong bg-surface px-3 text-ink md:min-h-9"
        aria-describedby={act.isError ? `${id}-error` : undefined}
      >
        {choices.data.restaurants.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </select>
      {act.isError ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger-ink">
          {failureMessage('Could not switch restaurants.', act.error)}
        </p>
      ) : null}
    </div>
  );
}
