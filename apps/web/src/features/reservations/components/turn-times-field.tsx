import { useRef } from 'react';
import type { TurnTimeDraft, TurnTimeProblems } from '@kusina/domain/turn-time-rules';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { VisuallyHidden } from '../../../components/ui/visually-hidden.tsx';

/** The id of a band's field, so a refused save can put focus on the first one that is wrong. */
export const turnTimeFieldId = (index: number, field: 'up_to' | 'minutes') => `turn-time-${index}-${field}`;

/** "1–2 guests", "3 guests", "5 or more guests" from what was typed (the band's number otherwise). */
function bandName(drafts: readonly TurnTimeDraft[], index: number): string {
  const previous = index === 0 ? 0 : Number(drafts[index - 1]!.up_to);
  const from = Number.isInteger(previous) && previous >= 0 ? previous + 1 : null;
  const band = drafts[index]!;
  if (band.up_to === null) return from === null ? 'Larger parties' : `${from} or more guests`;
  const to = Number(band.up_to);
  if (from === null || !Number.isInteger(to) || to < from) return `Turn time ${index + 1}`;
  return from === to ? `${to} ${to === 1 ? 'guest' : 'guests'}` : `${from}–${to} guests`;
}

export interface TurnTimesFieldProps {
  drafts: readonly TurnTimeDraft[];
  problems: TurnTimeProblems | null;
  onChange(drafts: TurnTimeDraft[]): void;
}

/**
 * Turn times (issue #35, decision 0106): how long a party of each size is expected to stay, as bands
 * of party sizes, the last for any larger party. Each band is a group named by the sizes it holds;
 * its fields show their errors under them. A band can be added before the open one or removed
 * (focus then goes to Add Turn Time: the removed button is gone).
 */
export function TurnTimesField({ drafts, problems, onChange }: TurnTimesFieldProps) {
  const addButton = useRef<HTMLButtonElement>(null);
  const set = (index: number, patch: Partial<TurnTimeDraft>) => onChange(drafts.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  const add = () => {
    const closed = drafts.filter((d) => d.up_to !== null);
    const last = Number(closed.at(-1)?.up_to ?? 0);
    const open = drafts.at(-1)!;
    onChange([...closed, { up_to: String((Number.isInteger(last) ? last : 0) + 2), minutes: open.minutes }, open]);
  };
  return (
    <section aria-labelledby="turn-times-title" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="turn-times-title" className="text-lg font-bold">Turn Times</h3>
        <Button ref={addButton} size="sm" onClick={add} disabled={drafts.length >= 12}>
          Add Turn Time
        </Button>
      </div>
      <p className="text-sm text-ink-muted">How long a party is expected to stay at its table, by party size. Availability, the floor and the waitlist use them for walk-ins.</p>
      <ul className="space-y-3">
        {drafts.map((band, i) => {
          const name = bandName(drafts, i);
          const problem = problems?.[i] ?? {};
          return (
            <li key={i}>
              <fieldset className="grid gap-3 rounded-lg border border-line p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
                <legend className="px-1 text-sm font-semibold">{name}</legend>
                {band.up_to === null ? (
                  <p className="text-sm text-ink-muted sm:self-center">Any larger party</p>
                ) : (
                  <FormField
                    id={turnTimeFieldId(i, 'up_to')}
                    label={
                      <>
                        Up to (guests)<VisuallyHidden>, turn time {i + 1}</VisuallyHidden>
                      </>
                    }
                    {...(problem.up_to ? { error: problem.up_to } : {})}
                  >
                    {(control) => <Input {...control} type="number" inputMode="numeric" min={1} max={100} value={band.up_to ?? ''} onChange={(e) => set(i, { up_to: e.target.value })} />}
                  </FormField>
                )}
                <FormField
                  id={turnTimeFieldId(i, 'minutes')}
                  label={
                    <>
                      Minutes<VisuallyHidden>, turn time {i + 1}</VisuallyHidden>
                    </>
                  }
                  {...(problem.minutes ? { error: problem.minutes } : {})}
                >
                  {(control) => <Input {...control} type="number" inputMode="numeric" min={15} max={360} step={5} value={band.minutes} onChange={(e) => set(i, { minutes: e.target.value })} />}
                </FormField>
                {band.up_to === null ? null : (
                  <Button size="sm" variant="ghost" className="sm:mt-7" aria-label={`Remove turn time ${i + 1} (${name})`} onClick={() => (onChange(drafts.filter((_, j) => j !== i)), addButton.current?.focus())}>
                    Remove
                  </Button>
                )}
              </fieldset>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
