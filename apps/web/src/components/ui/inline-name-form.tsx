import { useState } from 'react';
import { Button } from './button.tsx';
import { TextField } from './text-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/errors.ts';

/** The server's message for the name field, else its message or the fallback. */
export function nameError(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fields.name) return error.fields.name;
  return errorMessage(error, fallback);
}

/**
 * A list row's rename in place: the name field (focused), Save and Cancel. A blank name gets
 * `requiredMessage`; a refused save puts the server's message on the field and keeps the text.
 */
export function InlineNameForm({
  label,
  defaultValue,
  requiredMessage,
  failedMessage,
  save,
  onClose,
}: {
  label: string;
  defaultValue: string;
  requiredMessage: string;
  failedMessage: string;
  /** Saves the trimmed name; resolves when saved. */
  save(name: string): Promise<unknown>;
  onClose(): void;
}) {
  const [name, setName] = useState(defaultValue);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!name.trim()) return setError(requiredMessage);
    setError(undefined);
    setSaving(true);
    try {
      await save(name.trim());
      onClose();
    } catch (failure) {
      setError(nameError(failure, failedMessage));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      className="flex flex-wrap items-start gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField label={label} fieldClassName="min-w-0 flex-1" value={name} onChange={(event) => setName(event.target.value)} error={error} maxLength={120} required autoFocus />
      <div className="flex gap-2 sm:mt-7">
        <Button type="submit" size="sm" loading={saving}>
          Save
        </Button>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
