import { useId, useState } from 'react';
import { Clock } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import { etaProblem, type OrderDetailOutput } from '@kusina/domain/order-management';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useSetOrderEta } from '../api/set-order-eta.ts';
import { formatGuamClock, fromGuamInputValue, minutesUntil, toGuamInputValue } from '../utils/guam-time.ts';
import { useNow } from '../utils/use-now.ts';

export const ETA_STEPS = [5, 10, 15] as const;

/** The later of the current ETA and now, plus `minutes`: "+10 min" pushes a late order from now, not from the past. */
export function pushedEta(currentIso: string, minutes: number, now: number = Date.now()): string {
  const base = Math.max(new Date(currentIso).getTime(), now);
  return new Date(base + minutes * 60_000).toISOString();
}

/**
 * Set or change the pickup time (estimated_pickup_time) in Pacific/Guam: quick +5/+10/+15 min, or
 * an exact time. The server refuses a time in the past or a finished order; its message is shown.
 */
export function EtaSetter({ order }: { order: OrderDetailOutput }) {
  const setEta = useSetOrderEta();
  const [exact, setExact] = useState(() => toGuamInputValue(order.estimated_pickup_time));
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const now = useNow(15_000);
  const minutes = minutesUntil(order.estimated_pickup_time, now);

  const save = (iso: string) => {
    setError(null);
    setEta.mutate(
      { orderId: order.id, estimated_pickup_time: iso },
      {
        onSuccess: (updated) => {
          setExact(toGuamInputValue(updated.estimated_pickup_time));
          toast.success(`Pickup time set to ${formatGuamClock(updated.estimated_pickup_time)}`);
        },
        onError: (failure) => setError(errorMessage(failure, 'Could not change the pickup time. Please try again.')),
      },
    );
  };

  const saveExact = () => {
    const iso = fromGuamInputValue(exact);
    if (!iso) return setError('Choose a date and time.');
    const problem = etaProblem(new Date(iso), new Date());
    if (problem) return setError(problem);
    save(iso);
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-line p-4">
      <h3 id={headingId} className="flex items-center gap-2 font-bold">
        <Clock aria-hidden="true" className="size-5" />
        Pickup time (ETA)
      </h3>
      <p data-testid="current-eta">
        <span className="text-lg font-semibold">{formatGuamClock(order.estimated_pickup_time, new Date(now))}</span>{' '}
        <span className="text-ink-muted">{minutes > 0 ? `(in ${minutes} min)` : minutes < 0 ? `(${-minutes} min ago)` : '(now)'}</span>
      </p>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Push the pickup time">
        {ETA_STEPS.map((step) => (
          <Button key={step} variant="secondary" size="sm" disabled={setEta.isPending} onClick={() => save(pushedEta(order.estimated_pickup_time, step))}>
            +{step} min
          </Button>
        ))}
      </div>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          saveExact();
        }}
      >
        <FormField label="Exact time (Guam)" error={error ?? undefined} className="min-w-0 flex-1">
          {(control) => <Input {...control} type="datetime-local" value={exact} onChange={(event) => setExact(event.target.value)} />}
        </FormField>
        <Button type="submit" loading={setEta.isPending}>
          Set time
        </Button>
      </form>
    </section>
  );
}
