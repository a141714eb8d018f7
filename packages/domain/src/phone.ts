import { z } from 'zod';
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import { isValidPhone, phoneRuleMessage } from './phone-rules.ts';

/*
 * The one phone rule of the platform (issue #21, decision 0031): a number passes when it follows
 * the spec's rule (a plus, a 3 or 4 digit area code, then 7 digits) or when it is a valid
 * international number by libphonenumber-js — Guam's visitors from Japan and Korea (+81 90 …,
 * +82 10 …) fail the spec's rule. What is stored is E.164 (+819012345678). Anything else gets the
 * spec's message. Kept out of phone-rules.ts: the home route's first download must not carry
 * libphonenumber's metadata.
 */

/** True when the number follows the spec's rule or is a valid international number. */
export function isAcceptedPhone(raw: string): boolean {
  const value = raw.trim();
  if (isValidPhone(value)) return true;
  return value.startsWith('+') && isValidPhoneNumber(value);
}

/** The stored form: E.164 for an international number, the trimmed spec-rule number otherwise. */
export function normalizePhone(raw: string): string {
  const value = raw.trim();
  if (value.startsWith('+')) {
    const parsed = parsePhoneNumberFromString(value);
    if (parsed?.isValid()) return parsed.number;
  }
  return value.replace(/[\s().-]/g, '');
}

/** A phone field: trimmed, held to the platform's rule with the spec's message, stored as E.164. */
export const phoneSchema = z
  .string({ error: 'Phone is required' })
  .trim()
  .min(1, 'Phone is required')
  .refine(isAcceptedPhone, { message: phoneRuleMessage() })
  .transform(normalizePhone);

/**
 * Whether a stored number may get texts, given the country calling codes allowed (issue #33): the
 * code libphonenumber reads from it, or else (a number only the spec's rule accepts) a prefix match —
 * calling codes are prefix-free, so a match is exact.
 */
export function smsAllowed(phone: string, codes: readonly string[]): boolean {
  const value = phone.trim();
  const parsed = value.startsWith('+') ? parsePhoneNumberFromString(value) : undefined;
  if (parsed?.countryCallingCode) return codes.includes(`+${parsed.countryCallingCode}`);
  const digits = value.replace(/[^\d+]/g, '');
  return codes.some((code) => digits.startsWith(code));
}
