import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useParticipantNotify } from '../api/get-participant-notify.ts';
import { useSetParticipantNotify } from '../api/set-participant-notify.ts';

type Channel = 'none' | 'sms' | 'email';

/**
 * A participant's opt-in to hear when someone supports them (issue #36 item 4, decision 0121):
 * off, a text, or an e-mail, to the contact given here (management only; never shown in the shop).
 */
export function ParticipantNotify({ participantId, name }: { participantId: number; name: string }) {
  const [open, setOpen] = useState(false);
  const current = useParticipantNotify(participantId, open);
  return (
    <details className="w-full rounded-lg border border-line px-3" onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}>
      <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold">Support alerts for {name}</summary>
      {current.isPending ? (
        <p className="pb-3 text-sm text-ink-muted">Loading…</p>
      ) : current.isError ? (
        <p className="pb-3 text-sm text-danger-ink">{errorMessage(current.error, 'Unable to load the alert setting.')}</p>
      ) : (
        <NotifyForm participantId={participantId} channel={current.data.channel} contact={current.data.contact ?? ''} />
      )}
    </details>
  );
}

function NotifyForm({ participantId, channel: initialChannel, contact: initialContact }: { participantId: number; channel: Channel; contact: string }) {
  const save = useSetParticipantNotify();
  const [channel, setChannel] = useState<Channel>(initialChannel);
  const [contact, setContact] = useState(initialContact);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    save.mutate(
      { participantId, input: { channel, contact: channel === 'none' ? null : contact } },
      { onSuccess: () => setSaved(true), onError: (e) => setErrors(e instanceof ApiError ? { ...e.fields, form: Object.keys(e.fields).length ? '' : e.message } : { form: 'Unable to save. Please try again.' }) },
    );
  };
  const name = `notify-${participantId}`;
  return (
    <form onSubmit={submit} noValidate className="space-y-3 pb-3" aria-label="Support alerts">
      <fieldset className="space-y-1">
        <legend className="text-sm">When someone supports them, send</legend>
        {(
          [
            ['none', 'Nothing'],
            ['sms', 'A text'],
            ['email', 'An e-mail'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
            <input
              type="radio"
              name={name}
              className="size-5 accent-brand"
              checked={channel === value}
              onChange={() => {
                setChannel(value);
                setErrors({});
              }}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {channel !== 'none' ? (
        <TextField
          label={channel === 'sms' ? 'Phone for texts' : 'E-mail for alerts'}
          type={channel === 'sms' ? 'tel' : 'email'}
          required
          value={contact}
          error={errors.contact}
          onChange={(e) => {
            setContact(e.target.value);
            setErrors({});
          }}
        />
      ) : null}
      {errors.form ? <p className="text-sm text-danger-ink">{errors.form}</p> : null}
      <div className="flex items-center gap-3">
        <Button type="submit" size="sm" loading={save.isPending}>
          Save alerts
        </Button>
        <p aria-live="polite" className="text-sm text-ink-muted">
          {saved ? 'Saved' : ''}
        </p>
      </div>
    </form>
  );
}
