import { useState, type FormEvent } from 'react';
import { addDays } from '@kusina/domain/restaurant-schedule';
import { REPORT_MAX_DAYS } from '@kusina/domain/reports';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { guamToday } from '../../../lib/guam-today.ts';
import type { ReportRange } from '../api/get-visit-funnel.ts';
import { BreakdownReport } from './breakdown-report.tsx';
import { SalesReport } from './sales-report.tsx';
import { VisitsReport } from './visits-report.tsx';

/** Days from `from` to `to`, both counted. */
function daysIn(range: ReportRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The Reports tab (issue #37 items 4–5): one range of Guam days (the last 7 by default) for every
 * report below it — sales, item mix, channels, codes, processors, reservations and fundraisers (each a
 * chart with its table and a CSV) and visits.
 */
export function ReportsTab() {
  const today = guamToday();
  const [draft, setDraft] = useState<ReportRange>({ from: addDays(today, -6), to: today });
  const [range, setRange] = useState<ReportRange>(draft);
  const [problem, setProblem] = useState<{ field: 'from' | 'to'; message: string } | null>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.from) return setProblem({ field: 'from', message: 'Choose a date.' });
    if (!draft.to) return setProblem({ field: 'to', message: 'Choose a date.' });
    if (draft.to < draft.from) return setProblem({ field: 'to', message: 'The end date is before the start date.' });
    if (daysIn(draft) > REPORT_MAX_DAYS) return setProblem({ field: 'to', message: `Choose at most ${REPORT_MAX_DAYS} days.` });
    setProblem(null);
    setRange(draft);
  };

  return (
    <div className="space-y-8">
      <form onSubmit={apply} className="flex flex-wrap items-end gap-3" aria-label="Report dates (Guam)" noValidate>
        <TextField label="From" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} error={problem?.field === 'from' ? problem.message : undefined} fieldClassName="w-44" />
        <TextField label="To" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} error={problem?.field === 'to' ? problem.message : undefined} fieldClassName="w-44" />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </form>
      <SalesReport range={range} />
      {(['items', 'channels', 'codes', 'processors', 'reservations', 'fundraisers'] as const).map((name) => (
        <BreakdownReport key={name} name={name} range={range} />
      ))}
      <VisitsReport range={range} />
    </div>
  );
}
