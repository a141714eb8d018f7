import { FlaskConical } from 'lucide-react';
import { cardProblems, type CardInput } from '@kusina/domain/checkout';
import { TextField } from '../ui/text-field.tsx';

export interface TestCardValue {
  number: string;
  expiry: string;
  cvc: string;
}

export const EMPTY_TEST_CARD: TestCardValue = { number: '', expiry: '', cvc: '' };

/** "12/34" or "12/2034" → month and year (0 when unreadable, which cardProblems rejects). */
export function toCardInput(value: TestCardValue): CardInput {
  const [month = '', year = ''] = value.expiry.split('/').map((part) => part.trim());
  return {
    number: value.number.replace(/[\s-]/g, ''),
    exp_month: Number(month) || 0,
    exp_year: Number(year) || 0,
    cvc: value.cvc.trim(),
  };
}

/** Field errors keyed number / expiry / cvc, with the server's wording (checkout.ts). */
export function testCardErrors(value: TestCardValue, now: Date = new Date()): Partial<Record<keyof TestCardValue, string>> {
  const problems = cardProblems(toCardInput(value), now);
  return {
    ...(problems['card.number'] ? { number: problems['card.number'] } : {}),
    ...(problems['card.exp_month'] ? { expiry: problems['card.exp_month'] } : {}),
    ...(problems['card.cvc'] ? { cvc: problems['card.cvc'] } : {}),
  };
}

function formatCardNumber(raw: string): string {
  return raw
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export interface TestCardFieldsProps {
  value: TestCardValue;
  errors: Partial<Record<keyof TestCardValue, string>>;
  onChange(value: TestCardValue): void;
  disabled?: boolean;
}

/** The card form of the test processor, with a clear Test mode note and the test cards. */
export function TestCardFields({ value, errors, onChange, disabled }: TestCardFieldsProps) {
  return (
    <div className="space-y-4">
      <div role="note" aria-label="Test mode" className="rounded-xl border border-info-line bg-info-soft p-4 text-sm text-info-ink">
        <p className="flex items-center gap-2 font-bold">
          <FlaskConical aria-hidden="true" className="size-4" />
          Test mode
        </p>
        <p className="mt-1">No real card is charged. Use any future expiry date and any 3-digit CVC with:</p>
        <ul className="mt-2 space-y-1">
          <li>
            <span className="font-mono font-semibold">4242 4242 4242 4242</span> succeeds
          </li>
          <li>
            <span className="font-mono font-semibold">4000 0000 0000 0002</span> is declined
          </li>
        </ul>
      </div>
      <TextField
        label="Card number"
        name="cc-number"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="4242 4242 4242 4242"
        required
        disabled={disabled}
        value={value.number}
        error={errors.number}
        onChange={(event) => onChange({ ...value, number: formatCardNumber(event.target.value) })}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiry date"
          hint="MM/YY"
          name="cc-exp"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          required
          disabled={disabled}
          value={value.expiry}
          error={errors.expiry}
          onChange={(event) => onChange({ ...value, expiry: formatExpiry(event.target.value) })}
        />
        <TextField
          label="CVC"
          name="cc-csc"
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder="123"
          maxLength={4}
          required
          disabled={disabled}
          value={value.cvc}
          error={errors.cvc}
          onChange={(event) => onChange({ ...value, cvc: event.target.value.replace(/\D/g, '') })}
        />
      </div>
    </div>
  );
}
