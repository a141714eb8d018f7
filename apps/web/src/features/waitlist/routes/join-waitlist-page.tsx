import { useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { DEFAULT_PHONE_PREFIX } from '@kusina/domain/reservation-rules';
import { WaitlistMessages } from '@kusina/domain/waitlist-rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { getRestaurantId } from '../../../lib/restaurant-id.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useJoinInfo } from '../api/get-join-info.ts';
import { useJoinWaitlist } from '../api/join-waitlist.ts';

/** The restaurant a join link names (?r=), else the storefront's. */
function restaurantFrom(value: string | null): number {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : getRestaurantId();
}

export const JOIN_FAILED = 'Could not add you to the waitlist. Please try again or ask the host.';

/**
 * /waitlist/join?r=<restaurant> (decision 0108): the page the host stand's QR code opens. A guest
 * gives a name, a party size and a phone (the table-ready text goes there), and is taken to their
 * private follow page. The server checks everything again and quotes the wait.
 */
export function JoinWaitlistPage() {
  useDocumentTitle('Join the Waitlist');
  const [params] = useSearchParams();
  const restaurantId = restaurantFrom(params.get('r'));
  const info = useJoinInfo(restaurantId);
  const join = useJoinWaitlist();
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [party, setParty] = useState('2');
  const [phone, setPhone] = useState(DEFAULT_PHONE_PREFIX);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.contact_name = WaitlistMessages.guestNameRequired;
    if (!party || Number(party) < 1) found.party_size = 'Party size must be at least 1';
    if (!phone.trim() || phone.trim() === DEFAULT_PHONE_PREFIX) found.contact_phone = 'Phone is required';
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length) return;
    try {
      const joined = await join.mutateAsync({ restaurant_id: restaurantId, contact_name: name.trim(), party_size: Number(party), contact_phone: phone.trim() });
      // The follow link replaces this page: Back does not offer the form again.
      navigate(`/waitlist/follow/${joined.token}`, { replace: true });
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.fields);
        setProblem(error.message);
      } else setProblem(JOIN_FAILED);
    }
  };

  return (
    <div className="mx-auto w-full max-w-md flex-1 space-y-5 px-4 py-10">
      <h1 className="font-display text-3xl font-bold">Join the Waitlist</h1>
      {info.isPending ? (
        <Spinner size="lg" label="Loading..." />
      ) : info.isError ? (
        <Alert tone="error">We could not find this restaurant’s waitlist. Please ask the host.</Alert>
      ) : (
        <>
          <p className="text-ink-muted">
            {info.data.restaurant_name} · {info.data.parties_waiting === 1 ? '1 party' : `${info.data.parties_waiting} parties`} waiting now
          </p>
          <form onSubmit={(e) => void submit(e)} className="space-y-4 rounded-2xl border border-line bg-surface-raised p-5" noValidate aria-label="Join the waitlist">
            {problem ? <Alert tone="error">{problem}</Alert> : null}
            <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.contact_name} required autoComplete="name" />
            <TextField
              label="Party Size"
              inputMode="numeric"
              value={party}
              onChange={(e) => setParty(e.target.value.replace(/\D/g, ''))}
              error={errors.party_size}
              required
              hint={`Up to ${info.data.max_party_size} guests`}
            />
            <TextField label="Phone" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} error={errors.contact_phone} required autoComplete="tel" hint="We text you when your table is ready." />
            <Button type="submit" loading={join.isPending} className="w-full">
              Join the Waitlist
            </Button>
          </form>
        </>
      )}
    </div>
  );
}
