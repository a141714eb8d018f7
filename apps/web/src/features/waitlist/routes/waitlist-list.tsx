import { useEffect, useMemo, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Plus, QrCode, RefreshCw, Search, UserSearch } from 'lucide-react';
import { formatPhone, phoneHref } from '@kusina/domain/phone-rules';
import { WaitlistMessages, waitlistStatusLabel, type WaitlistStatus } from '@kusina/domain/waitlist-rules';
import type { WaitlistEntryOutput } from '@kusina/domain/waitlist';
import { formatQuote, quoteAccuracy, QUOTE_ACCURACY_MIN_PARTIES } from '@kusina/domain/waitlist-quote-rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLocations } from '../../reservations/api/get-locations.ts';
import { useUpdateWaitlistEntry } from '../api/update-waitlist-entry.ts';
import { useNotifyWaitlistEntry } from '../api/notify-waitlist-entry.ts';
import { useWaitlist } from '../api/get-waitlist.ts';
import { formatDay, formatTime } from '../../../lib/guam-dates.ts';
import { guamToday } from '../../../lib/guam-today.ts';
import { WaitlistEntryDialog, WAITLIST_UPDATE_FAILED } from '../components/waitlist-entry-dialog.tsx';
import { JoinLinkDialog } from '../components/join-link-dialog.tsx';
import { WaitlistSeatMap } from '../../floor/routes/waitlist-seat-map.tsx';
import { GuestProfilePanel } from '../../guests/routes/guest-profile-panel.tsx';
import { GuestSearchDialog } from '../../guests/routes/guest-search-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';

/*
 * The Waitlist tab (backoffice §2 Waitlist list, §4; decisions 0058, 0059): the walk-ins of a Guam
 * day in the order they joined, searchable by name or phone. Staff add a party, seat it, mark it a
 * no-show or remove it (those two after a confirmation), and can put it back to waiting. A failed
 * load says so with a retry (the spec's list ignored it silently). On phones each row is a card;
 * the table roles are set explicitly so screen readers keep the columns in both layouts.
 */

const tones: Record<WaitlistStatus, BadgeTone> = { waiting: 'info', seated: 'success', removed: 'neutral', no_show: 'danger' };

/** A seated party finished on the floor has left: it reads Left, not Seated. */
function WaitlistStatusBadge({ status, left }: { status: WaitlistStatus; left: boolean }) {
  if (status === 'seated' && left) return <Badge tone="neutral">Left</Badge>;
  return <Badge tone={tones[status]}>{waitlistStatusLabel(status)}</Badge>;
}

/** "4 min", "1 h 05 min": how long a party has waited. */
export function waitedFor(checkInTime: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(checkInTime)) / 60_000));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** The clock, ticking every `intervalMs` (the waiting times move on their own). */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const doneMessage = (entry: WaitlistEntryOutput, status: WaitlistStatus) =>
  status === 'seated'
    ? `${entry.contact_name} seated.`
    : status === 'no_show'
      ? 'Marked as no-show.'
      : status === 'removed'
        ? `${entry.contact_name} removed from the waitlist.`
        : `${entry.contact_name} is back on the waitlist.`;

type Confirmable = 'removed' | 'no_show';
const confirmations: Record<Confirmable, { title: string; confirm: string; message: (e: WaitlistEntryOutput) => string }> = {
  removed: {
    title: 'Remove from waitlist?',
    confirm: 'Remove',
    message: (e) => `${e.contact_name} (party of ${e.party_size}) leaves the waitlist. You can put them back with Back to waiting.`,
  },
  no_show: {
    title: 'Mark as no-show?',
    confirm: 'Mark No-Show',
    message: (e) => `${e.contact_name} (party of ${e.party_size}) did not come when called. You can put them back with Back to waiting.`,
  },
};

export const WAITLIST_NOTIFY_FAILED = 'Failed to send the text. Please try again.';

const primaryId = (id: number) => `waitlist-entry-${id}-primary`;

export function WaitlistList({ restaurantId }: { restaurantId: number }) {
  const [date, setDate] = useState(guamToday());
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [showingJoinLink, setShowingJoinLink] = useState(false);
  const [seatingId, setSeatingId] = useState<number | null>(null);
  const [profileOf, setProfileOf] = useState<WaitlistEntryOutput | null>(null);
  const [findingGuest, setFindingGuest] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<{ entry: WaitlistEntryOutput; status: Confirmable; opener: HTMLElement } | null>(null);
  const locations = useLocations(restaurantId);
  const activeLocations = locations.data ?? [];
  const locationName = (id: number | null) => (activeLocations.length > 1 ? activeLocations.find((l) => l.id === id)?.name : undefined);
  const list = useWaitlist(date);
  const update = useUpdateWaitlistEntry();
  const notify = useNotifyWaitlistEntry();
  const now = useNow(30_000);

  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const digits = needle.replace(/\D/g, '');
    return (list.data ?? []).filter(
      (e) =>
        !needle ||
        e.contact_name.toLowerCase().includes(needle) ||
        (e.contact_phone ?? '').includes(needle) ||
        (digits.length >= 3 && (e.contact_phone ?? '').replace(/\D/g, '').includes(digits)),
    );
  }, [list.data, search]);
  const waiting = (list.data ?? []).filter((e) => e.status === 'waiting');
  // How good the day's quotes were: the median miss over the parties seated with a quote (0107).
  const accuracy = quoteAccuracy(list.data ?? []);
  const editing = list.data?.find((e) => e.id === editingId);
  const seating = list.data?.find((e) => e.id === seatingId && e.status === 'waiting');

  const move = async (entry: WaitlistEntryOutput, status: WaitlistStatus): Promise<boolean> => {
    if (update.isPending) return false;
    try {
      await update.mutateAsync({ id: entry.id, status });
      toast.success(doneMessage(entry, status));
      return true;
    } catch (error) {
      // A refused move names why (another host got there first); anything else, the general words.
      toast.error(error instanceof ApiError && (error.status === 422 || error.status === 404) ? error.message : WAITLIST_UPDATE_FAILED);
      return false;
    }
  };

  /** "Your table is ready": the server texts the guest through the outbox and records when. */
  const sendNotify = async (entry: WaitlistEntryOutput) => {
    if (notify.isPending) return;
    try {
      await notify.mutateAsync(entry.id);
      toast.success(WaitlistMessages.notified(entry.contact_name));
    } catch (error) {
      // No phone, a country the restaurant does not text, too many texts: the server says which.
      toast.error(error instanceof ApiError && [404, 422, 429].includes(error.status) ? error.message : WAITLIST_NOTIFY_FAILED);
    }
  };

  return (
    <section aria-labelledby="waitlist-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="waitlist-title" className="font-display text-2xl font-bold">
            Waitlist
          </h2>
          {list.data ? (
            <>
              <p className="text-sm text-ink-muted">
                {waiting.length === 1 ? '1 party' : `${waiting.length} parties`} waiting · {waiting.reduce((sum, e) => sum + e.party_size, 0)} guests
              </p>
              <p className="text-sm text-ink-muted" data-testid="quote-accuracy">
                Quote accuracy:{' '}
                {accuracy.medianErrorMinutes === null ? (
                  <span title={`Shown once ${QUOTE_ACCURACY_MIN_PARTIES} quoted parties are seated`}>
                    — <span className="sr-only">(too few seated parties: {accuracy.parties} of {QUOTE_ACCURACY_MIN_PARTIES})</span>
                  </span>
                ) : (
                  <span>
                    off by {accuracy.medianErrorMinutes} min (median of {accuracy.parties} seated {accuracy.parties === 1 ? 'party' : 'parties'})
                  </span>
                )}
              </p>
            </>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" icon={<UserSearch aria-hidden="true" className="size-4" />} onClick={() => setFindingGuest(true)}>
            Find Guest
          </Button>
          <Button variant="secondary" icon={<QrCode aria-hidden="true" className="size-4" />} onClick={() => setShowingJoinLink(true)}>
            Guest Join Link
          </Button>
          <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setAdding(true)}>
            Add to Waitlist
          </Button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor="waitlist-date" className="block text-sm font-semibold">
            Date <span className="font-normal text-ink-muted">({formatDay(date)})</span>
          </label>
          <Input id="waitlist-date" type="date" value={date} onChange={(e) => e.target.value && setDate(e.target.value)} />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="waitlist-search" className="block text-sm font-semibold">
            Search
          </label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" />
            <Input id="waitlist-search" type="search" className="pl-9" placeholder="Search waitlist..." value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
        </div>
      </div>

      {list.isError ? (
        <Alert tone="error" title={WaitlistMessages.loadFailed}>
          <div className="flex flex-wrap items-center gap-3">
            {list.error.message && list.error.message !== WaitlistMessages.loadFailed ? <span>{list.error.message}</span> : null}
            <Button size="sm" variant="secondary" icon={<RefreshCw aria-hidden="true" className="size-4" />} loading={list.isFetching} onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        </Alert>
      ) : null}
      {list.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner size="lg" label="Loading waitlist..." />
        </div>
      ) : list.data === undefined ? null : rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line-strong px-4 py-10 text-center text-ink-muted">{WaitlistMessages.empty}</p>
      ) : (
        <table role="table" aria-labelledby="waitlist-title" className="block w-full text-left text-sm md:table md:rounded-lg md:border md:border-line">
          <thead role="rowgroup" className="sr-only bg-surface-muted text-xs tracking-wide text-ink-muted uppercase md:not-sr-only md:table-header-group">
            <tr role="row">
              <th role="columnheader" scope="col" className="px-3 py-2">Time Joined</th>
              <th role="columnheader" scope="col" className="px-3 py-2">Guest</th>
              <th role="columnheader" scope="col" className="px-3 py-2">Party Size</th>
              <th role="columnheader" scope="col" className="px-3 py-2">Contact</th>
              <th role="columnheader" scope="col" className="px-3 py-2">Status</th>
              <th role="columnheader" scope="col" className="px-3 py-2">Actions</th>
            </tr>
          </thead>
          <tbody role="rowgroup" className="block space-y-3 md:table-row-group md:space-y-0">
            {rows.map((e) => {
              const where = locationName(e.location_id);
              return (
                <tr
                  key={e.id}
                  role="row"
                  className="grid grid-cols-2 gap-x-3 gap-y-2 rounded-lg border border-line bg-surface-raised p-3 md:table-row md:rounded-none md:border-x-0 md:border-b-0 md:bg-transparent md:p-0"
                >
                  <td role="cell" className="md:px-3 md:py-2 md:align-top">
                    <span aria-hidden="true" className="block text-xs font-semibold text-ink-muted uppercase md:hidden">
                      Time Joined
                    </span>
                    <span className="whitespace-nowrap">{formatTime(e.check_in_time)}</span>
                    {e.status === 'waiting' ? (
                      <span className="block text-xs text-ink-muted">
                        <span className="sr-only">Waiting </span>
                        {waitedFor(e.check_in_time, now)}
                      </span>
                    ) : null}
                    {e.seated_at !== null ? <span className="block text-xs text-ink-muted">Waited {waitedFor(e.check_in_time, Date.parse(e.seated_at))}</span> : null}
                    {e.quoted_wait_minutes !== null ? <span className="block text-xs text-ink-muted">Quoted {e.quoted_wait_minutes === 0 ? 'no wait' : formatQuote(e.quoted_wait_minutes)}</span> : null}
                  </td>
                  <td role="cell" className="col-span-2 row-start-1 min-w-0 md:px-3 md:py-2 md:align-top">
                    <span className="font-semibold">{e.contact_name}</span>
                    {e.left_at ? (
                      <span className="block text-xs text-ink-muted">
                        Left {formatTime(e.left_at)}
                        {e.seat_labels.length > 0 ? ` · sat at ${e.seat_labels.join(', ')}` : ''}
                      </span>
                    ) : e.seat_labels.length > 0 ? (
                      <span className="block text-xs text-ink-muted">Seated at {e.seat_labels.join(', ')}</span>
                    ) : null}
                    {where ? <span className="block text-xs text-ink-muted">{where}</span> : null}
                    {e.notes ? <span className="block text-xs text-ink-muted italic">{e.notes}</span> : null}
                    {e.notified_at ? <span className="block text-xs text-ink-muted">Notified {formatTime(e.notified_at)}</span> : null}
                  </td>
                  <td role="cell" className="md:px-3 md:py-2 md:align-top">
                    <span aria-hidden="true" className="block text-xs font-semibold text-ink-muted uppercase md:hidden">
                      Party Size
                    </span>
                    {e.party_size}
                  </td>
                  <td role="cell" className="min-w-0 md:px-3 md:py-2 md:align-top">
                    <span aria-hidden="true" className="block text-xs font-semibold text-ink-muted uppercase md:hidden">
                      Contact
                    </span>
                    {e.contact_phone ? (
                      <a href={phoneHref(e.contact_phone)} className="whitespace-nowrap underline-offset-2 hover:underline">
                        {formatPhone(e.contact_phone)}
                      </a>
                    ) : (
                      <span className="text-ink-muted">No phone</span>
                    )}
                  </td>
                  <td role="cell" className="md:px-3 md:py-2 md:align-top">
                    <span aria-hidden="true" className="block text-xs font-semibold text-ink-muted uppercase md:hidden">
                      Status
                    </span>
                    <WaitlistStatusBadge status={e.status} left={e.left_at !== null} />
                  </td>
                  <td role="cell" className="col-span-2 md:px-3 md:py-2 md:align-top">
                    <div className="flex flex-wrap gap-2">
                      {/* One button element in both states, so focus stays on it after Seat or Back to waiting. */}
                      <Button
                        key="primary"
                        id={primaryId(e.id)}
                        aria-label={`${e.status === 'waiting' ? 'Seat' : 'Back to waiting'} ${e.contact_name}`}
                        size="sm"
                        variant={e.status === 'waiting' ? 'primary' : 'secondary'}
                        // Seat goes through the seat map, as on the floor (issue #35).
                        onClick={() => (e.status === 'waiting' ? setSeatingId(e.id) : void move(e, 'waiting'))}
                      >
                        {e.status === 'waiting' ? 'Seat' : 'Back to waiting'}
                      </Button>
                      {e.status === 'waiting' && e.contact_phone ? (
                        <Button size="sm" variant="secondary" aria-label={`${e.notified_at ? 'Notify again' : 'Notify'} ${e.contact_name}`} loading={notify.isPending && notify.variables === e.id} onClick={() => void sendNotify(e)}>
                          {e.notified_at ? 'Notify again' : 'Notify'}
                        </Button>
                      ) : null}
                      {e.status === 'waiting' ? (
                        <>
                          <Button size="sm" variant="secondary" aria-label={`No-Show ${e.contact_name}`} onClick={(event) => setConfirming({ entry: e, status: 'no_show', opener: event.currentTarget })}>
                            No-Show
                          </Button>
                          <Button size="sm" variant="secondary" aria-label={`Remove ${e.contact_name}`} onClick={(event) => setConfirming({ entry: e, status: 'removed', opener: event.currentTarget })}>
                            Remove
                          </Button>
                        </>
                      ) : null}
                      {e.contact_phone ? (
                        <Button size="sm" variant="ghost" aria-label={`Profile ${e.contact_name}`} onClick={() => setProfileOf(e)}>
                          Profile
                        </Button>
                      ) : null}
                      <Button size="sm" variant="ghost" aria-label={`Edit ${e.contact_name}`} onClick={() => setEditingId(e.id)}>
                        Edit
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      {confirming ? (
        <ConfirmDialog
          open
          destructive
          title={confirmations[confirming.status].title}
          message={confirmations[confirming.status].message(confirming.entry)}
          confirmLabel={confirmations[confirming.status].confirm}
          busy={update.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void move(confirming.entry, confirming.status).then(() => setConfirming(null))}
          // Back to the button that opened it; once the party has left the line that button is gone,
          // and focus goes to the row's Back to waiting.
          onCloseAutoFocus={(event) => {
            const target = confirming.opener.isConnected ? confirming.opener : document.getElementById(primaryId(confirming.entry.id));
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
        />
      ) : null}
      {adding ? (
        // A walk-in joins today's line: show today once it is added.
        <WaitlistEntryDialog locations={activeLocations} onClose={() => setAdding(false)} onSaved={() => setDate(guamToday())} />
      ) : null}
      {seating ? (
        <WaitlistSeatMap
          entry={seating}
          onClose={() => setSeatingId(null)}
          onSeated={() => setSeatingId(null)}
          onSeatWithoutFloor={() => void move(seating, 'seated').then((done) => done && setSeatingId(null))}
        />
      ) : null}
      {profileOf ? (
        <Dialog
          open
          onOpenChange={(open) => !open && setProfileOf(null)}
          title={profileOf.contact_name}
          description={`Party of ${profileOf.party_size} on the waitlist`}
          footer={
            <Button variant="secondary" onClick={() => setProfileOf(null)}>
              Close
            </Button>
          }
        >
          <GuestProfilePanel contact={{ phone: profileOf.contact_phone, email: null }} />
        </Dialog>
      ) : null}
      {findingGuest ? <GuestSearchDialog onClose={() => setFindingGuest(false)} /> : null}
      {showingJoinLink ? <JoinLinkDialog restaurantId={restaurantId} onClose={() => setShowingJoinLink(false)} /> : null}
      {editing ? <WaitlistEntryDialog entry={editing} locations={activeLocations} onClose={() => setEditingId(null)} /> : null}
    </section>
  );
}
