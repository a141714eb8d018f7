import { useState } from 'react';
import { formatPhone } from '@kusina/domain/phone-rules';
import type { ReservationOutput } from '@kusina/domain/reservations';
import { Button } from '../../../components/ui/button.tsx';
import { guamDate } from '../../../lib/guam-dates.ts';
import { format } from 'date-fns';

/** The confirmation view (backoffice §2): number, details, next steps, Share Details. */
export function ReservationConfirmation({ reservation: r, onClose }: { reservation: ReservationOutput; onClose(): void }) {
  const [shared, setShared] = useState<string | null>(null);
  const when = guamDate(r.start_time);
  const date = format(when, 'EEEE, MMMM d, yyyy');
  const time = format(when, 'h:mm a');
  const number = r.reservation_number || `#${r.id}`;
  const text = `Table request ${number}: ${date} at ${time}, party of ${r.party_size}, ${r.location.name}.`;

  const share = async () => {
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title: 'My reservation', text });
        setShared('Shared.');
      } else {
        await navigator.clipboard.writeText(text);
        setShared('Details copied.');
      }
    } catch {
      setShared(null);
    }
  };

  return (
    <div className="space-y-5">
      <p className="text-lg">
        Reservation number <strong className="font-mono">{number}</strong>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-semibold">Date</dt>
        <dd>{date}</dd>
        <dt className="font-semibold">Time</dt>
        <dd>{time}</dd>
        <dt className="font-semibold">Party Size</dt>
        <dd>{r.party_size}</dd>
        <dt className="font-semibold">Contact</dt>
        <dd>
          {r.contact_name}
          <br />
          {formatPhone(r.contact_phone)}
          <br />
          <span className="break-all">{r.contact_email}</span>
        </dd>
        <dt className="font-semibold">Location</dt>
        <dd>{r.location.name}</dd>
        {r.special_requests ? (
          <>
            <dt className="font-semibold">Special Requests</dt>
            <dd>{r.special_requests}</dd>
          </>
        ) : null}
      </dl>
      <div className="rounded-lg bg-surface-muted p-4 text-sm">
        <h3 className="font-semibold">Next steps</h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          <li>Our staff will review your request.</li>
          <li>You will receive a confirmation by text and email, with a link to see or cancel your reservation.</li>
        </ol>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void share()}>
          Share Details
        </Button>
        <Button onClick={onClose}>Done</Button>
      </div>
      {shared ? <p role="status" className="text-sm text-ink-muted">{shared}</p> : null}
    </div>
  );
}
