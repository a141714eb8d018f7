import { useId, useState, type FormEvent } from 'react';
import type { GuestProfileOutput } from '@kusina/domain/guests';
import { formatPhone } from '@kusina/domain/phone-rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDay, formatDateTime } from '../../../lib/guam-dates.ts';
import { toast } from '../../../lib/toast.ts';
import { useGuestProfile, type GuestContact } from '../api/get-guest-profile.ts';
import { useSaveGuestProfile } from '../api/save-guest-profile.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 visits · 1 no-show · 0 cancellations". */
export function guestSummary(p: Pick<GuestProfileOutput, 'visits' | 'no_shows' | 'cancellations'>): string {
  return `${plural(p.visits, 'visit')} · ${plural(p.no_shows, 'no-show')} · ${plural(p.cancellations, 'cancellation')}`;
}

/**
 * A guest remembered (issue #35 item 6; decision 0109): their visits, no-shows and cancellations at
 * this restaurant across all dates, the latest of them, and the notes (allergies, preferences) and
 * tags staff keep — editable here. Shown in Reservation Details and from the Waitlist.
 */
export function GuestProfilePanel({ contact, heading = 'Guest Profile' }: { contact: GuestContact; heading?: string }) {
  const profile = useGuestProfile(contact);
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  if (!contact.phone && !contact.email) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-xl border border-line p-3 text-sm" data-testid="guest-profile">
      <h3 id={headingId} className="font-semibold">
        {heading}
      </h3>
      {profile.isPending ? (
        <Spinner size="sm" label="Loading the guest profile..." />
      ) : profile.isError ? (
        <Alert tone="error">Could not load the guest profile.</Alert>
      ) : editing ? (
        <GuestProfileForm profile={profile.data} contact={contact} onDone={() => setEditing(false)} />
      ) : (
        <>
          <p>{guestSummary(profile.data)}</p>
          {profile.data.last_visit_at ? <p className="text-ink-muted">Last visit {formatDay(profile.data.last_visit_at.slice(0, 10))}</p> : null}
          {profile.data.tags.length ? (
            <ul className="flex flex-wrap gap-1" aria-label="Tags">
              {profile.data.tags.map((tag) => (
                <li key={tag}>
                  <Badge tone="brand">{tag}</Badge>
                </li>
              ))}
            </ul>
          ) : null}
          {profile.data.notes ? <p className="whitespace-pre-line">{profile.data.notes}</p> : <p className="text-ink-muted">No notes.</p>}
          {profile.data.history.length ? (
            <details>
              <summary className="cursor-pointer">History</summary>
              <ul className="mt-1 space-y-0.5 text-ink-muted">
                {profile.data.history.map((h) => (
                  <li key={`${h.kind}-${h.id}`}>
                    {formatDateTime(h.at)} · {h.kind === 'reservation' ? 'Reservation' : 'Waitlist'} · party of {h.party_size} · {h.status.replace('_', '-')}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            Update Notes &amp; Tags
          </Button>
        </>
      )}
    </section>
  );
}

function GuestProfileForm({ profile, contact, onDone }: { profile: GuestProfileOutput; contact: GuestContact; onDone(): void }) {
  const [notes, setNotes] = useState(profile.notes ?? '');
  const [tags, setTags] = useState(profile.tags.join(', '));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveGuestProfile();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync({
        phone: contact.phone,
        email: contact.email,
        notes,
        tags: tags
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      });
      toast.success('Guest profile saved.');
      onDone();
    } catch (error) {
      if (error instanceof ApiError) setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k.startsWith('tags') ? 'tags' : k, v])));
      toast.error('Failed to save the guest profile. Please try again.');
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" noValidate aria-label="Guest notes and tags">
      <p className="text-ink-muted">{[contact.phone ? formatPhone(contact.phone) : null, contact.email].filter(Boolean).join(' · ')}</p>
      <FormField label="Notes" error={errors.notes} hint="Allergies, preferences">
        {(control) => <Textarea {...control} value={notes} onChange={(e) => setNotes(e.target.value)} />}
      </FormField>
      <TextField label="Tags" value={tags} onChange={(e) => setTags(e.target.value)} error={errors.tags} hint="Separated by commas, e.g. regular, VIP" autoComplete="off" />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={save.isPending}>
          Save
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
