import { formatUSD } from '@kusina/domain/money';
import { PARTICIPANT_MESSAGE_MAX, type FundraiserDetailOutput, type ParticipantInput, type ParticipantOutput } from '@kusina/domain/wholesale';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAddParticipant } from '../api/add-participant.ts';
import { useUpdateParticipant } from '../api/update-participant.ts';
import { participantPagePath } from '../participant-link.ts';
import { ImageField } from './image-field.tsx';
import { ParticipantNotify } from './participant-notify.tsx';

interface Form {
  name: string;
  description: string;
  message: string;
  goal: string;
  photo: string;
}

const empty: Form = { name: '', description: '', message: '', goal: '', photo: '' };

function formOf(p: ParticipantOutput): Form {
  return { name: p.name, description: p.description ?? '', message: p.message ?? '', goal: p.goalCents ? String(p.goalCents / 100) : '', photo: p.photoUrl ?? '' };
}

/** The form as the API takes it, or the goal's error. */
function inputOf(form: Form, active: boolean): ParticipantInput | { goal_cents: string } {
  const goal = form.goal.trim() ? Math.round(Number(form.goal) * 100) : null;
  if (goal !== null && (!Number.isFinite(goal) || goal <= 0)) return { goal_cents: 'Enter a goal in dollars, or leave it empty' };
  return { name: form.name, description: form.description || null, message: form.message.trim() || null, photo_url: form.photo || null, goal_cents: goal, active };
}

/** Name, goal, about, personal message (counted to 280) and photo: adding one and editing one. */
function ParticipantForm({ initial, label, submitLabel, pending, onSave, onCancel }: { initial: Form; label: string; submitLabel: string; pending: boolean; onSave(input: ParticipantInput, done: (errors: Record<string, string> | null) => void): void; onCancel?: () => void }) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = inputOf(form, true);
    if (!('name' in input)) return setErrors(input);
    if (form.message.trim().length > PARTICIPANT_MESSAGE_MAX) return setErrors({ message: 'Keep the message to 280 characters.' });
    setErrors({});
    onSave(input, (failed) => {
      if (failed) setErrors(failed);
      else if (!onCancel) setForm(empty);
    });
  };
  const left = PARTICIPANT_MESSAGE_MAX - form.message.trim().length;
  return (
    <form onSubmit={submit} className="grid gap-3 md:grid-cols-2" aria-label={label} noValidate>
      <TextField label="Participant name" required value={form.name} error={errors.name} onChange={set('name')} />
      <TextField label="Goal (dollars)" inputMode="decimal" value={form.goal} error={errors.goal_cents} onChange={set('goal')} />
      <TextField label="About the participant" value={form.description} error={errors.description} onChange={set('description')} />
      <ImageField label="Participant photo" value={form.photo} error={errors.photo_url} onChange={(url) => setForm((f) => ({ ...f, photo: url }))} />
      <FormField label="Personal message" hint={left >= 0 ? `${left} characters left` : `${-left} characters too many`} error={errors.message} className="md:col-span-2">
        {(control) => <Textarea {...control} rows={3} value={form.message} onChange={set('message')} />}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

const fieldsOf = (error: unknown): Record<string, string> => (error instanceof ApiError ? error.fields : { name: 'The participant could not be saved. Please try again.' });

/** A fundraiser's participants in management: progress, their page, and add / edit (message and photo included). */
export function ParticipantsAdmin({ fundraiser }: { fundraiser: FundraiserDetailOutput }) {
  const add = useAddParticipant();
  const update = useUpdateParticipant();
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <section aria-labelledby="participants-heading" className="space-y-3 rounded-2xl border border-line bg-surface-raised p-4">
      <h3 id="participants-heading" className="font-display text-xl font-bold">
        Participants
      </h3>
      <ul className="space-y-3">
        {fundraiser.participants.map((p) => (
          <li key={p.id} className="space-y-2 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold">{p.name}</span>
              <span>
                {formatUSD(p.raisedCents)} raised{p.goalCents ? ` of ${formatUSD(p.goalCents)}` : ''}
              </span>
              <Button variant="link" size="sm" onClick={() => setEditing(editing === p.id ? null : p.id)} aria-expanded={editing === p.id} aria-label={`Edit ${p.name}`}>
                Edit
              </Button>
            </div>
            <span className="block break-all text-ink-muted">
              Page:{' '}
              <Link href={participantPagePath(fundraiser.slug, p.id)} className="underline">
                {participantPagePath(fundraiser.slug, p.id)}
              </Link>
            </span>
            <ParticipantNotify participantId={p.id} name={p.name} />
            {editing === p.id ? (
              <ParticipantForm
                initial={formOf(p)}
                label={`Edit ${p.name}`}
                submitLabel="Save Participant"
                pending={update.isPending}
                onCancel={() => setEditing(null)}
                onSave={(input, done) =>
                  update.mutate(
                    { id: p.id, input: { ...input, active: true } },
                    {
                      onSuccess: () => {
                        done(null);
                        setEditing(null);
                      },
                      onError: (e) => done(fieldsOf(e)),
                    },
                  )
                }
              />
            ) : null}
          </li>
        ))}
      </ul>
      <ParticipantForm
        initial={empty}
        label="Add participant"
        submitLabel="Add Participant"
        pending={add.isPending}
        onSave={(input, done) => add.mutate({ fundraiserId: fundraiser.id, input }, { onSuccess: () => done(null), onError: (e) => done(fieldsOf(e)) })}
      />
    </section>
  );
}
