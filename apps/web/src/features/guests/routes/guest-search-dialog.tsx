import { useState } from 'react';
import { formatPhone } from '@kusina/domain/phone-rules';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useGuestSearch } from '../api/search-guests.ts';
import { GuestProfilePanel, guestSummary } from './guest-profile-panel.tsx';

/**
 * Find Guest (issue #35 item 6): guests by name, phone or e-mail across all dates; choosing one
 * opens their profile.
 */
export function GuestSearchDialog({ onClose }: { onClose(): void }) {
  const [q, setQ] = useState('');
  const term = useDebouncedValue(q, 250);
  const results = useGuestSearch(term);
  const [chosen, setChosen] = useState<{ phone: string | null; email: string | null } | null>(null);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Find Guest"
      description="Search by name, phone or e-mail across all dates."
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="space-y-3">
        <label htmlFor="guest-search" className="block text-sm font-semibold">
          Name or phone
        </label>
        <Input id="guest-search" type="search" value={q} onChange={(e) => (setQ(e.target.value), setChosen(null))} autoComplete="off" />
        {chosen ? (
          <>
            <Button size="sm" variant="ghost" onClick={() => setChosen(null)}>
              Back to results
            </Button>
            <GuestProfilePanel contact={chosen} />
          </>
        ) : term.trim().length < 2 ? (
          <p className="text-sm text-ink-muted">Type at least 2 characters.</p>
        ) : results.isPending ? (
          <Spinner size="sm" label="Searching..." />
        ) : results.isError ? (
          <p role="alert" className="text-sm">
            Could not search guests. Please try again.
          </p>
        ) : results.data.length === 0 ? (
          <p aria-live="polite" className="text-sm text-ink-muted">
            No guests found
          </p>
        ) : (
          <ul aria-label="Guests found" className="divide-y divide-line rounded-xl border border-line">
            {results.data.map((g) => (
              <li key={`${g.phone ?? ''}-${g.email ?? ''}`}>
                <button type="button" className="w-full px-3 py-2 text-left text-sm hover:bg-surface-muted focus-visible:outline-2" onClick={() => setChosen({ phone: g.phone, email: g.email })}>
                  <span className="block font-semibold">{g.name ?? 'Guest'}</span>
                  <span className="block text-ink-muted">
                    {[g.phone ? formatPhone(g.phone) : null, g.email].filter(Boolean).join(' · ')} — {guestSummary(g)}
                    {g.tags.length ? ` · ${g.tags.join(', ')}` : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
