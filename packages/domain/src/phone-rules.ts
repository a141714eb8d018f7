/**
 * The phone rule and the display helpers (storefront.md §5, §9), without zod: the SPA's header and
 * footer show the restaurant's number on the home route's first download. The zod field that
 * holds a form to this rule is phoneSchema in phone.ts.
 */

/** Guam's prefix: country code 1, area code 671 (storefront.md §9). */
export const DEFAULT_PHONE_PREFIX = '+1671';
export const PHONE_EXAMPLE = '+16711234567';

/** A plus sign, a 3 or 4 digit area code, then 7 digits (storefront.md §5). */
const PHONE_PATTERN = /^\+\d{3,4}\d{7}$/;

export function phoneRuleMessage(example: string = PHONE_EXAMPLE): string {
  return `Phone must be + (3 or 4 digit area code) + 7 digits, e.g. ${example}`;
}

export function isValidPhone(raw: string): boolean {
  return PHONE_PATTERN.test(raw.trim());
}

/**
 * Display form (storefront.md §5 Phone display): a leading plus becomes a country digit and a
 * parenthesised area code (+16715551234 → +1 (671) 555-1234); ten digits become (xxx) xxx-xxxx.
 * Anything else is shown as it was stored.
 */
export function formatPhone(raw: string | null | undefined): string {
  if (!raw) return '';
  const value = raw.trim();
  const digits = value.replace(/\D/g, '');
  if (value.startsWith('+') && digits.length === 11) {
    return `+${digits.slice(0, 1)} (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`;
  }
  if (value.startsWith('+') && digits.length === 10) {
    return `+(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  }
  if (digits.length === 10) {
    return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  }
  return value;
}

/** A tel: link target: digits with a leading plus when the stored number had one. */
export function phoneHref(raw: string): string {
  const value = raw.trim();
  return `tel:${value.startsWith('+') ? '+' : ''}${value.replace(/\D/g, '')}`;
}
