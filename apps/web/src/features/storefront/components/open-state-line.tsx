import { Clock } from 'lucide-react';
import { useOrderingStatus } from '../api/get-ordering-status.ts';

/**
 * "Open now · closes Wed 9:00 PM" or "Closed now · opens Thu 11:00 AM. Order now for a later
 * pickup." (issue #23), from the server's schedule. Its line is reserved while loading, so nothing
 * shifts when it appears; nothing is shown when the status cannot be loaded.
 */
export function OpenStateLine() {
  const status = useOrderingStatus();
  const data = status.data;
  return (
    <p className="flex min-h-6 items-center gap-2 text-sm" data-testid="menu-open-state">
      {data ? (
        <>
          <Clock aria-hidden="true" className="size-4 shrink-0 text-brand-ink" />
          <span>
            <span className="font-semibold">{data.state_text}</span>
            {data.open ? null : <span className="text-ink-muted"> · Order now for a later pickup.</span>}
          </span>
        </>
      ) : null}
    </p>
  );
}
