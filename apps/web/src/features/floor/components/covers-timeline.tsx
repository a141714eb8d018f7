import { useRef, type KeyboardEvent } from 'react';
import type { TimelineStep } from '@kusina/domain/floor-time-rules';
import { TIMELINE_STEP_MINUTES } from '@kusina/domain/floor-time-rules';
import { cn } from '../../../lib/cn.ts';
import { formatTime } from '../../../lib/guam-dates.ts';

interface CoversTimelineProps {
  steps: readonly TimelineStep[];
  /** Seats in the layout: a full bar. */
  seats: number;
  /** The hour shown (ms): its step is marked. */
  at: number;
  onPick(at: number): void;
}

const STEP_MS = TIMELINE_STEP_MINUTES * 60_000;

/**
 * The day's covers in 15-minute steps (issue #35 item 4): one bar per step, its height the guests in
 * the room against the layout's seats, so pacing reads at a glance. One tab stop: the arrow keys,
 * Home and End move between steps, Enter or a click shows the floor at that step. Each bar is named
 * in words ("6:30 PM: 24 covers, 8 arriving"), and the busiest step is said below the bars.
 */
export function CoversTimeline({ steps, seats, at, onPick }: CoversTimelineProps) {
  const bars = useRef<(HTMLButtonElement | null)[]>([]);
  if (steps.length === 0) return null;
  const current = Math.max(0, steps.findIndex((s) => at >= s.at && at < s.at + STEP_MS));
  const most = Math.max(seats, ...steps.map((s) => s.covers), 1);
  const peak = steps.reduce((best, s) => (s.covers > best.covers ? s : best), steps[0]!);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = event.key === 'ArrowRight' ? index + 1 : event.key === 'ArrowLeft' ? index - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? steps.length - 1 : null;
    if (next === null) return;
    event.preventDefault();
    const target = Math.min(steps.length - 1, Math.max(0, next));
    bars.current[target]?.focus();
  };

  return (
    <section aria-labelledby="covers-title" className="min-w-0 space-y-2">
      <h3 id="covers-title" className="font-display text-lg font-bold">
        Covers by 15 minutes
      </h3>
      <div className="overflow-x-auto rounded-xl border border-line bg-surface p-2" data-testid="covers-timeline">
        <div role="toolbar" aria-label="Covers timeline: pick a time" aria-orientation="horizontal" className="flex h-28 min-w-max items-end gap-0.5">
          {steps.map((step, index) => {
            const label = `${formatTime(new Date(step.at).toISOString())}: ${step.covers} ${step.covers === 1 ? 'cover' : 'covers'}, ${step.arriving} arriving`;
            const over = seats > 0 && step.covers > seats;
            return (
              <button
                key={step.at}
                ref={(node) => {
                  bars.current[index] = node;
                }}
                type="button"
                tabIndex={index === current ? 0 : -1}
                aria-label={label}
                aria-pressed={index === current}
                title={label}
                onClick={() => onPick(step.at)}
                onKeyDown={(e) => onKeyDown(e, index)}
                className={cn(
                  'flex h-full w-3 flex-col justify-end rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ink',
                  index === current ? 'bg-info-soft' : 'bg-transparent',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn('block w-full rounded-t-sm', over ? 'bg-danger-line' : 'bg-brand')}
                  style={{ height: `${Math.round((step.covers / most) * 100)}%` }}
                />
              </button>
            );
          })}
        </div>
      </div>
      <p className="text-sm text-ink-muted">
        {formatTime(new Date(steps[0]!.at).toISOString())} to {formatTime(new Date(steps.at(-1)!.at + STEP_MS).toISOString())}. Busiest:{' '}
        {peak.covers > 0 ? `${formatTime(new Date(peak.at).toISOString())}, ${peak.covers} of ${seats} seats` : 'no covers yet'}.
      </p>
    </section>
  );
}
