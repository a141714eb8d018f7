import { useRef, useState, type FormEvent } from 'react';
import type { FundraiserDetailOutput } from '@kusina/domain/wholesale';
import type { OrganiserOutput } from '@kusina/domain/wholesale-organisers';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useOrganisers } from '../api/get-organisers.ts';
import { useInviteOrganiser } from '../api/invite-organiser.ts';
import { useRemoveOrganiser } from '../api/remove-organiser.ts';

/**
 * A fundraiser's organisers (admins, decision 0124): a coach or team parent invited by e-mail (the
 * link goes out through the outbox) signs in to this fundraiser's participants, orders, pick list,
 * dashboard and payout statement only. Removing one ends their access at once.
 */
export function OrganisersPanel({ fundraiser }: { fundraiser: FundraiserDetailOutput }) {
  const organisers = useOrganisers(fundraiser.id);
  const invite = useInviteOrganiser();
  const remove = useRemoveOrganiser();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const [removing, setRemoving] = useState<OrganiserOutput | null>(null);
  // A removed organiser's button is gone: focus returns to the invite field instead.
  const removed = useRef(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setDone(null);
    invite.mutate(
      { fundraiserId: fundraiser.id, email: email.trim() },
      {
        onSuccess: (result) => {
          setDone(`✓ ${result.message}`);
          setEmail('');
        },
        onError: (e) => setError(e instanceof ApiError ? (e.fields.email ?? e.message) : errorMessage(e, 'The invite could not be sent.')),
      },
    );
  };

  return (
    <section aria-labelledby="organisers-heading" className="space-y-3 rounded-2xl border border-line bg-surface-raised p-4">
      <h3 id="organisers-heading" className="font-display text-xl font-bold">
        Organisers
      </h3>
      <p className="text-sm text-ink-muted">A coach or team parent signs in to this fundraiser only: its participants, orders, pick list, dashboard and payout statement.</p>
      {organisers.isPending ? (
        <Spinner label="Loading organisers…" />
      ) : organisers.isError ? (
        <Alert tone="error">{errorMessage(organisers.error, 'Unable to load the organisers. Please try again.')}</Alert>
      ) : (
        <>
          {organisers.data.organisers.length === 0 && organisers.data.invites.length === 0 ? <p className="text-sm">No organisers yet.</p> : null}
          <ul className="space-y-2 text-sm">
            {organisers.data.organisers.map((o) => (
              <li key={o.user_id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 break-all">
                  <span className="font-semibold">{o.name || o.email}</span> · {o.email}
                  {o.active ? '' : ' · deactivated'} · {o.last_sign_in_at ? `last signed in ${formatDateTime(o.last_sign_in_at)}` : 'never signed in'}
                </span>
                <Button size="sm" variant="secondary" onClick={() => setRemoving(o)} aria-label={`Remove ${o.email} as organiser`}>
                  Remove
                </Button>
              </li>
            ))}
            {organisers.data.invites.map((i) => (
              <li key={i.id} className="break-all text-ink-muted">
                {i.email} · invited, link valid until {formatDateTime(i.expires_at)}
              </li>
            ))}
          </ul>
        </>
      )}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Invite an organiser" noValidate>
        <div className="min-w-0 flex-1 basis-60">
          <TextField id="organiser-email" label="Organiser's email" type="email" autoComplete="off" required value={email} error={error} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <Button type="submit" loading={invite.isPending}>
          Invite Organiser
        </Button>
      </form>
      {done ? (
        <p role="status" className="text-success-ink">
          {done}
        </p>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.email ?? ''}?`}
        message={`They can no longer manage ${fundraiser.name}.`}
        confirmLabel="Remove"
        cancelLabel="Keep"
        destructive
        busy={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(
            { fundraiserId: fundraiser.id, userId: removing.user_id },
            {
              onSuccess: () => {
                removed.current = true;
              },
              onSettled: () => setRemoving(null),
              onError: (e) => setDone(errorMessage(e, 'The organiser could not be removed.')),
            },
          );
        }}
        onCancel={() => setRemoving(null)}
        onCloseAutoFocus={(event) => {
          if (!removed.current) return;
          removed.current = false;
          event.preventDefault();
          document.getElementById('organiser-email')?.focus();
        }}
      />
    </section>
  );
}
