import { useId, useState, type ReactNode } from 'react';
import { Inbox, Mail, MessageSquareText, RefreshCw } from 'lucide-react';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDateTime, pluralize } from '../../../lib/format.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useNotifications, type OutboxMessage } from '../api/get-notifications.ts';

export const OUTBOX_PAGE_SIZE = 10;

/**
 * The message outbox: every phone code and reset link the platform sent, newest first, so a
 * person trying the demo (or an admin helping a guest) can read them.
 */
export function MessageOutbox() {
  const headingId = useId();
  const [channel, setChannel] = useState('');
  const [recipient, setRecipient] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(recipient.trim(), 300);
  const query = useNotifications({ channel: channel || undefined, recipient: search || undefined, page, perPage: OUTBOX_PAGE_SIZE });
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE));
  const filtered = Boolean(channel || search);

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface-raised shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-line p-4 sm:p-6">
        <div>
          <h2 id={headingId} className="text-xl font-bold">
            Message outbox
          </h2>
          <p className="text-sm text-ink-muted">Phone codes and password reset links, as they were sent.</p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()} loading={query.isFetching} icon={<RefreshCw aria-hidden="true" className="size-4" />}>
          Refresh
        </Button>
      </div>

      <div className="grid gap-4 border-b border-line p-4 sm:grid-cols-[12rem_1fr] sm:p-6">
        <FormField label="Channel">
          {(control) => (
            <Select
              {...control}
              value={channel}
              onChange={(event) => {
                setChannel(event.target.value);
                setPage(1);
              }}
            >
              <option value="">All channels</option>
              <option value="sms">SMS</option>
              <option value="email">Email</option>
            </Select>
          )}
        </FormField>
        <FormField label="Recipient">
          {(control) => (
            <Input
              {...control}
              type="search"
              placeholder="Phone number or email"
              value={recipient}
              onChange={(event) => {
                setRecipient(event.target.value);
                setPage(1);
              }}
            />
          )}
        </FormField>
      </div>

      <div className="p-4 sm:p-6" aria-live="polite" aria-busy={query.isFetching}>
        {query.isPending ? (
          <div className="space-y-3" aria-label="Loading messages">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-24 w-full" />
            ))}
          </div>
        ) : query.isError ? (
          <Alert tone="error">{errorMessage(query.error, 'Could not load the outbox.')}</Alert>
        ) : query.data.messages.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-10 text-center text-ink-muted">
            <Inbox aria-hidden="true" className="size-10" />
            <p className="font-semibold text-ink">{filtered ? 'No messages match these filters.' : 'No messages yet.'}</p>
            <p className="text-sm">{filtered ? 'Try another channel or recipient.' : 'Phone codes and reset links appear here as soon as they are sent.'}</p>
          </div>
        ) : (
          <ul className="space-y-3">
            {query.data.messages.map((message) => (
              <OutboxItem key={message.id} message={message} />
            ))}
          </ul>
        )}
      </div>

      {total > 0 ? (
        <nav aria-label="Outbox pages" className="flex items-center justify-between gap-3 border-t border-line p-4 sm:px-6">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
            Previous
          </Button>
          <p className="text-sm text-ink-muted">
            Page {page} of {pages} · {pluralize(total, 'message')}
          </p>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

function OutboxItem({ message }: { message: OutboxMessage }) {
  const Icon = message.channel === 'email' ? Mail : MessageSquareText;
  return (
    <li className="rounded-xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-brand-soft px-2.5 py-0.5 font-semibold uppercase text-ink">
          <Icon aria-hidden="true" className="size-4" />
          {message.channel}
        </span>
        <span className="font-semibold break-all">{message.recipient}</span>
        <span className="text-ink-muted">{message.status}</span>
        <time dateTime={message.created_at} className="ml-auto text-ink-muted">
          {formatDateTime(message.created_at)}
        </time>
      </div>
      {message.subject ? <p className="mt-2 font-semibold">{message.subject}</p> : null}
      <p className="mt-1 text-sm break-words whitespace-pre-wrap">{linkify(message.body)}</p>
    </li>
  );
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Reset links in a message body become links a person can follow. */
function linkify(text: string): ReactNode[] {
  return text.split(URL_PATTERN).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={part} className="font-semibold text-brand-ink underline underline-offset-2 break-all">
        {part}
      </a>
    ) : (
      part
    ),
  );
}
