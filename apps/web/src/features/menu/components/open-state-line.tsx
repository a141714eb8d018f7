import { ClockIcon } from '../../../components/ui/icons.tsx';
import { useOrderingStatus } from '../api/get-ordering-status.ts';

/**
 * "Open now · closes Wed 9:00 PM" or "Closed now · opens Thu 11:00 AM. Order now for a later
 * pickup." (issue #23), from the server's schedule, on the home hero and the menu. Its line is
 * reserved while loading, so nothing shifts when it appears; nothing is shown when the status
 * cannot be loaded. On the hero's band (`onBand`) it takes the band's text colour.
 */
export function OpenStateLine({ onBand = false, testId }: { onBand?: boolean; testId: string }) {
  const data = useOrderingStatus().data;
  return (
    <p className="flex min-h-6 items-center gap-2 text-sm" data-testid={testId}>
      {data ? (
        <>
          <ClockIcon className={onBand ? 'size-4 shrink-0' : 'size-4 shrink-0 text-brand-ink'} />
          <span>
            <span className="font-semibold">{data.state_text}</span>
            {data.open ? null : <span className={onBand ? undefined : 'text-ink-muted'}> · Order now for a later pickup.</span>}
          </span>
        </>
      ) : null}
    </p>
  );
}
