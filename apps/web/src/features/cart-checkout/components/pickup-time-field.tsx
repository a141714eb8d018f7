import type { PickupOptionsOutput } from '@kusina/domain/checkout';
import { PickupMessages } from '@kusina/domain/pickup-messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { formatPickupTime } from '../utils/pickup-time.ts';

export const ASAP = 'asap';

/** The choices a quote's pickup block offers: "as soon as possible" (while open), then the slots. */
export function pickupChoices(pickup: PickupOptionsOutput | undefined): string[] {
  return pickup ? [...(pickup.asap_available ? [ASAP] : []), ...pickup.slots] : [];
}

interface PickupTimeFieldProps {
  pickup: PickupOptionsOutput;
  value: string;
  onChange: (value: string) => void;
  /** "20-25 minutes" (the cart's estimate). */
  estimate: string;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * Opening hours decide ordering (issue #23): "as soon as possible" only while open and for carts
 * without advance notice; otherwise the next open slots, the server's own list (the quote).
 */
export function PickupTimeField({ pickup, value, onChange, estimate, error, disabled }: PickupTimeFieldProps) {
  const choices = pickupChoices(pickup);
  if (choices.length === 0) return <Alert tone="warning">{PickupMessages.noSlots}</Alert>;
  const why = !pickup.open ? PickupMessages.closedChooseTime : !pickup.asap_available && pickup.closes_at ? 'Choose a pickup time from the times below.' : null;
  return (
    <div className="space-y-2">
      {why ? (
        <Alert tone="info" live={false}>
          {why}
        </Alert>
      ) : null}
      <FormField label="Pickup time" error={error} required>
        {(control) => (
          <Select {...control} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)} data-testid="pickup-time">
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice === ASAP ? `As soon as possible (${estimate})` : formatPickupTime(choice, pickup.time_zone)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
    </div>
  );
}
