import { donationProblem, parseDonationDollars, roundUpCents, supporterDisplayName, SupporterMessages } from '@kusina/domain/supporter-rules';
import type { WholesaleSupporterDisplay } from '@kusina/domain/wholesale';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { money } from '../utils.ts';

export interface SupportExtrasValue {
  /** The donation as typed, in dollars. */
  donation: string;
  roundUp: boolean;
  display: WholesaleSupporterDisplay;
}

export const EMPTY_SUPPORT_EXTRAS: SupportExtrasValue = { donation: '', roundUp: false, display: 'anonymous' };

const PRESETS = [500, 1000, 2500];

/** The donation in cents and its problem (a donation the server would refuse is never sent). */
export function donationOf(value: SupportExtrasValue, required: boolean): { cents: number; error: string | null } {
  const cents = parseDonationDollars(value.donation);
  if (cents === null) return { cents: 0, error: SupporterMessages.donationInvalid };
  const problem = donationProblem(cents);
  if (problem) return { cents: 0, error: problem };
  if (required && cents <= 0) return { cents: 0, error: SupporterMessages.donationOrItems };
  return { cents, error: null };
}

/**
 * The fundraiser checkout's extras (issue #36 items 2 and 7): a donation (quick amounts or typed
 * in dollars), the round-up to the next whole dollar (the server computes it; shown here as it
 * will be), and how the supporters wall shows the supporter ('Maria C.' or Anonymous).
 */
export function SupportExtras({
  value,
  onChange,
  itemsCents,
  customerName,
  donationError,
  donationOnly,
}: {
  value: SupportExtrasValue;
  onChange: (next: SupportExtrasValue) => void;
  itemsCents: number;
  customerName: string;
  donationError: string | null;
  donationOnly: boolean;
}) {
  const cents = parseDonationDollars(value.donation) ?? 0;
  const roundUp = roundUpCents(itemsCents + cents);
  const shownName = supporterDisplayName(customerName, 'name');
  return (
    <>
      <section aria-labelledby="donation-heading" className="space-y-3">
        <h2 id="donation-heading" className="font-display text-xl font-bold">
          {donationOnly ? 'Your Donation' : 'Add a Donation'}
        </h2>
        <p className="text-sm text-ink-muted">{donationOnly ? 'Every dollar goes to the fundraiser.' : 'Optional: give a little extra on top of your order.'}</p>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Quick donation amounts">
          {PRESETS.map((preset) => (
            <Button key={preset} type="button" variant="secondary" size="sm" aria-pressed={cents === preset} onClick={() => onChange({ ...value, donation: String(preset / 100) })}>
              {money(preset)}
            </Button>
          ))}
        </div>
        <TextField
          label="Donation amount ($)"
          name="donation"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={value.donation}
          onChange={(event) => onChange({ ...value, donation: event.target.value })}
          error={donationError ?? undefined}
          required={donationOnly}
        />
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <input type="checkbox" className="size-5 accent-brand" checked={value.roundUp} onChange={(event) => onChange({ ...value, roundUp: event.target.checked })} />
          <span>Round up to the next dollar{roundUp > 0 ? ` (+${money(roundUp)})` : ''}</span>
        </label>
      </section>

      <fieldset className="space-y-2">
        <legend className="font-display text-xl font-bold">Supporters wall</legend>
        <p className="text-sm text-ink-muted">How should we show you on the fundraiser&apos;s recent supporters? We never show your full name or contact details.</p>
        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 has-[:checked]:border-brand">
          <input type="radio" name="supporter-display" className="size-5 accent-brand" checked={value.display === 'name'} onChange={() => onChange({ ...value, display: 'name' })} />
          {shownName === SupporterMessages.anonymous ? 'My first name and last initial' : `As ${shownName}`}
        </label>
        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 has-[:checked]:border-brand">
          <input type="radio" name="supporter-display" className="size-5 accent-brand" checked={value.display === 'anonymous'} onChange={() => onChange({ ...value, display: 'anonymous' })} />
          Anonymous
        </label>
      </fieldset>
    </>
  );
}
