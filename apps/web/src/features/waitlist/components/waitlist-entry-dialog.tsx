import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { DEFAULT_PHONE_PREFIX } from '@kusina/domain/reservation-rules';
import type { LocationOutput } from '@kusina/domain/reservations';
import { WaitlistMessages } from '@kusina/domain/waitlist-rules';
import type { WaitlistEntryOutput } from '@kusina/domain/waitlist';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateWaitlistEntry } from '../api/create-waitlist-entry.ts';
import { useUpdateWaitlistEntry } from '../api/update-waitlist-entry.ts';
import { useWaitlistQuote } from '../api/get-waitlist-quote.ts';
import { formatQuote } from '@kusina/domain/waitlist-quote-rules';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

export const ADDED_TO_WAITLIST = 'Added to the waitlist.';
export const ADD_TO_WAITLIST_FAILED = 'Failed to add to the waitlist. Please try again.';
export const WAITLIST_ENTRY_UPDATED = 'Waitlist entry updated.';
export const WAITLIST_UPDATE_FAILED = 'Failed to update the waitlist entry. Please try again.';

/**
 * + Add to Waitlist (a walk-in: name, phone with the +1671 prefix, party size; the server checks
 * the party in now) and its edit twin for the same fields. The server's field messages show under
 * their fields; the dialog stays open until the write succeeds.
 */
export function WaitlistEntryDialog({ entry, locations, onClose, onSaved }: { entry?: WaitlistEntryOutput; locations: LocationOutput[]; onClose(): void; onSaved?(): void }) {
  const editing = entry !== undefined;
  const [name, setName] = useState(entry?.contact_name ?? '');
  const [phone, setPhone] = useState(entry?.contact_phone ?? DEFAULT_PHONE_PREFIX);
  const [party, setParty] = useState(String(entry?.party_size ?? 2));
  const [locationId, setLocationId] = useState<number | null>(entry ? entry.location_id : (locations.find((l) => l.is_default)?.id ?? null));
  const [notes, setNotes] = useState(entry?.notes ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateWaitlistEntry();
  const update = useUpdateWaitlistEntry();
  const busy = create.isPending || update.isPending;
  // Adding: the wait the server would quote this party now (it quotes again, and stores it, on add).
  const quotedParty = useDebouncedValue(!editing && Number(party) >= 1 ? Number(party) : null, 300);
  const quote = useWaitlistQuote(quotedParty);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.contact_name = WaitlistMessages.guestNameRequired;
    if (!party || Number(party) < 1) found.party_size = 'Party size must be at least 1';
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length) return;
    const body = {
      contact_name: name.trim(),
      // The bare prefix means no phone (§5).
      contact_phone: phone.trim() === DEFAULT_PHONE_PREFIX ? '' : phone.trim(),
      party_size: Number(party),
      location_id: locationId,
      notes: notes.trim(),
    };
    try {
      if (editing) await update.mutateAsync({ id: entry.id, ...body });
      else await create.mutateAsync(body);
      toast.success(editing ? WAITLIST_ENTRY_UPDATED : ADDED_TO_WAITLIST);
      onSaved?.();
      onClose();
    } catch (error) {
      toast.error(editing ? WAITLIST_UPDATE_FAILED : ADD_TO_WAITLIST_FAILED);
      if (error instanceof ApiError) {
        setErrors(error.fields);
        setProblem(error.message);
      }
    }
  };

  const formId = editing ? 'waitlist-edit-form' : 'waitlist-add-form';
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={editing ? 'Edit Waitlist Entry' : 'Add to Waitlist'}
      description={editing ? undefined : 'The party joins the line now, as waiting.'}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {editing ? 'Save' : 'Add to Waitlist'}
          </Button>
        </div>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <TextField label="Guest Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.contact_name} required autoComplete="off" />
        <TextField label="Phone" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} error={errors.contact_phone} autoComplete="off" />
        <TextField label="Party Size" inputMode="numeric" value={party} onChange={(e) => setParty(e.target.value.replace(/\D/g, ''))} error={errors.party_size} required />
        {editing ? null : (
          <p aria-live="polite" className="text-sm text-ink-muted" data-testid="waitlist-quote-preview">
            {quote.data && quote.data.party_size === quotedParty
              ? quote.data.quoted_wait_minutes === null
                ? 'No wait can be quoted for this party (the room cannot seat it).'
                : `Quoted wait now: ${formatQuote(quote.data.quoted_wait_minutes)} · ${quote.data.parties_ahead === 1 ? '1 party' : `${quote.data.parties_ahead} parties`} ahead`
              : null}
          </p>
        )}
        {locations.length > 1 ? (
          <FormField label="Location" error={errors.location_id}>
            {(control) => (
              <Select {...control} value={locationId ?? ''} onChange={(e) => setLocationId(e.target.value ? Number(e.target.value) : null)}>
                <option value="">Any location</option>
                {locations.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        ) : null}
        <TextField label="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} error={errors.notes} autoComplete="off" hint="Optional: high chair, booth, outdoor seating…" />
      </form>
    </Dialog>
  );
}
