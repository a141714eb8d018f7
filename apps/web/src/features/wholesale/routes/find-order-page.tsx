import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { OrderLookupInput, WholesaleMessages } from '@kusina/domain/wholesale';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useLookupOrder } from '../api/lookup-order.ts';

/**
 * /wholesale/find-order: a guest finds a fundraiser order again (issue #36 item 8, decision 0123).
 * They give the e-mail and the order number; a link is e-mailed when both match, and the page says
 * the same thing whether or not they did.
 */
export function FindOrderPage() {
  useDocumentTitle('Find a fundraiser order');
  const lookup = useLookupOrder();
  const [form, setForm] = useState({ email: '', order_number: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<string | null>(null);
  const result = useRef<HTMLDivElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = OrderLookupInput.safeParse(form);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    lookup.mutate(parsed.data, {
      onSuccess: (message) => {
        setSent(message || WholesaleMessages.lookupSent);
        requestAnimationFrame(() => result.current?.focus());
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      },
    });
  };

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:px-6">
      <Link href="/wholesale" className="text-sm font-semibold text-brand-ink hover:underline">
        ← All fundraisers
      </Link>
      <h1 className="mt-3 font-display text-3xl font-bold">Find a fundraiser order</h1>
      <p className="mt-2 text-ink-muted">Enter the e-mail you ordered with and the order number from your confirmation (it starts with W-). We will e-mail you a link to the order.</p>
      {sent ? (
        <div ref={result} tabIndex={-1} className="mt-6 outline-none">
          <Alert tone="success" title="Check your e-mail">
            <p>{sent}</p>
          </Alert>
          <Button variant="secondary" className="mt-4" onClick={() => setSent(null)}>
            Look up another order
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} className="mt-6 space-y-4" aria-label="Find a fundraiser order" noValidate>
          <TextField label="Email" type="email" autoComplete="email" required value={form.email} error={errors.email} onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))} />
          <TextField label="Order number" required autoComplete="off" placeholder="W-20001" value={form.order_number} error={errors.order_number} onChange={(e) => setForm((f) => ({ ...f, order_number: e.target.value }))} />
          {lookup.isError && !(lookup.error instanceof ApiError && Object.keys(lookup.error.fields).length > 0) ? (
            <Alert tone="error">{errorMessage(lookup.error, 'The lookup could not be sent. Please try again.')}</Alert>
          ) : null}
          <Button type="submit" loading={lookup.isPending}>
            E-mail me a link
          </Button>
        </form>
      )}
    </div>
  );
}
