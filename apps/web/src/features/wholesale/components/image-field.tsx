import { useId, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { uploadImage } from '../api/upload-image.ts';

/** An image chosen from the device, uploaded (re-encoded to WebP by the server); answers its URL. */
export function ImageField({ label, value, onChange, error: fieldError }: { label: string; value: string; onChange(url: string): void; error?: string | undefined }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = `upload-${useId()}`;
  const shown = error ?? fieldError ?? null;
  return (
    <div>
      <label htmlFor={inputId} className="text-sm font-semibold">
        {label}
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        {value ? <img src={value} alt="" className="size-14 rounded-lg object-cover" /> : null}
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          className="min-w-0 max-w-full text-sm"
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${inputId}-error` : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            setBusy(true);
            setError(null);
            uploadImage(file)
              .then(onChange)
              .catch((e: unknown) => setError(errorMessage(e, 'The image could not be uploaded.')))
              .finally(() => setBusy(false));
          }}
        />
        {busy ? <Spinner size="sm" label="Uploading…" /> : null}
      </div>
      {shown ? (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-danger-ink">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
