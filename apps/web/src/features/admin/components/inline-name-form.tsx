import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';

/** A list row's rename in place: the name field (focused), Save and Cancel. */
export function InlineNameForm({
  label,
  defaultValue,
  error,
  saving,
  onSave,
  onCancel,
}: {
  label: string;
  defaultValue: string;
  error: string | undefined;
  saving: boolean;
  onSave(name: string): void;
  onCancel(): void;
}) {
  const [name, setName] = useState(defaultValue);
  return (
    <form
      noValidate
      className="flex flex-wrap items-start gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(name);
      }}
    >
      <TextField label={label} fieldClassName="min-w-0 flex-1" value={name} onChange={(event) => setName(event.target.value)} error={error} maxLength={120} required autoFocus />
      <div className="flex gap-2 sm:mt-7">
        <Button type="submit" size="sm" loading={saving}>
          Save
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
