import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatQuote } from '@kusina/domain/waitlist-quote-rules';
import { WaitlistEvents, WaitlistMessages } from '@kusina/domain/waitlist-rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatTime } from '../../../lib/guam-dates.ts';
import { openRealtime } from '../../../lib/realtime.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { guestEntryKey, useGuestEntry } from '../api/get-guest-entry.ts';
import { useLeaveWaitlist } from '../api/leave-waitlist.ts';

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
};

/**
 * /waitlist/follow/:token (decision 0108): the guest's own place in line and their quoted wait, kept
 * live — the page listens on the line's channel (joined by the token) and reads its place again
 * whenever the line moves, polling only while the socket is down — and a way to leave.
 */
export function FollowWaitlistPage({ token }: { token: string }) {
  useDocumentTitle('Your Place in Line');
  const queryClient = useQueryClient();
  const entry = useGuestEntry(token);
  const leave = useLeaveWaitlist(token);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: guestEntryKey(token) });
    return openRealtime({ subscriptions: [{ channel: 'waitlist', token }], events: { [WaitlistEvents.lineMoved]: refresh }, onSubscribed: refresh });
  }, [queryClient, token]);

  const doLeave = async () => {
    setProblem(null);
    try {
      await leave.mutateAsync();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'Could not leave the waitlist. Please try again or tell the host.');
    } finally {
      setConfirming(false);
    }
  };

  const e = entry.data;
  return (
    <div className="mx-auto w-full max-w-md flex-1 space-y-5 px-4 py-10">
      <h1 className="font-display text-3xl font-bold">Your Place in Line</h1>
      {entry.isPending ? (
        <Spinner size="lg" label="Loading your place..." />
      ) : entry.isError || !e ? (
        <Alert tone="error">{WaitlistMessages.linkNotFound} Please check the link, or ask the host.</Alert>
      ) : (
        <div className="space-y-4 rounded-2xl border border-line bg-surface-raised p-5">
          <p className="text-ink-muted">
            {e.restaurant_name} · {e.contact_name}, party of {e.party_size}
          </p>
          <div aria-live="polite" aria-atomic="true" className="space-y-2" data-testid="waitlist-place">
            {e.status === 'waiting' && e.place !== null ? (
              <>
                <p className="font-display text-4xl font-bold">{e.place === 1 ? 'You’re next' : `You’re ${ordinal(e.place)} in line`}</p>
                <p>{e.parties_ahead === 0 ? 'No parties ahead of you.' : e.parties_ahead === 1 ? '1 party ahead of you.' : `${e.parties_ahead} parties ahead of you.`}</p>
                {e.notified_at ? (
                  <Alert tone="success" title="Your table is ready">
                    Please come to the host stand.
                  </Alert>
                ) : null}
              </>
            ) : e.status === 'seated' ? (
              <p className="text-lg font-semibold">You’ve been seated. Enjoy your meal!</p>
            ) : e.status === 'removed' ? (
              <p className="text-lg font-semibold">{WaitlistMessages.left}</p>
            ) : (
              <p className="text-lg font-semibold">You are no longer on the waitlist. Please see the host.</p>
            )}
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-semibold">Quoted wait</dt>
            <dd>{formatQuote(e.quoted_wait_minutes)}</dd>
            <dt className="font-semibold">Joined</dt>
            <dd>{formatTime(e.check_in_time)}</dd>
          </dl>
          {problem ? <Alert tone="error">{problem}</Alert> : null}
          {e.status === 'waiting' ? (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Leave the Waitlist
            </Button>
          ) : null}
          <p className="text-sm text-ink-muted">Keep this page open or bookmark it: it updates as the line moves. Only you have this link.</p>
        </div>
      )}
      {confirming ? (
        <ConfirmDialog
          open
          destructive
          title="Leave the waitlist?"
          message="You give up your place in line. To come back you would join again at the end."
          confirmLabel="Leave"
          cancelLabel="Stay in Line"
          busy={leave.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void doLeave()}
        />
      ) : null}
    </div>
  );
}
