import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone, phoneHref, phoneRuleMessage, phoneSchema } from './phone.ts';

describe('phone rule (storefront.md §5)', () => {
  it.each(['+16715551234', '+6715551234', '  +16715551234  ', '+14155551234'])('accepts %s', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });

  it.each(['', '+1671', '+16715551', '16715551234', '+167155512345', '+1 671 555 1234', '+1671-555-1234', '(671) 555-1234'])(
    'rejects %j',
    (phone) => {
      expect(isValidPhone(phone)).toBe(false);
    },
  );

  it('reports the spec message with an example', () => {
    const result = phoneSchema.safeParse('+1671');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Phone must be + (3 or 4 digit area code) + 7 digits, e.g. +16711234567');
    expect(phoneRuleMessage('+16715550000')).toBe('Phone must be + (3 or 4 digit area code) + 7 digits, e.g. +16715550000');
  });

  it('trims before storing', () => {
    expect(phoneSchema.parse(' +16715551234 ')).toBe('+16715551234');
  });
});

describe('phone display (storefront.md §5)', () => {
  it('shows a leading plus as country digit and parenthesised area code', () => {
    expect(formatPhone('+16715551234')).toBe('+1 (671) 555-1234');
  });
  it('shows ten digits as (xxx) xxx-xxxx', () => {
    expect(formatPhone('6715551234')).toBe('(671) 555-1234');
  });
  it('leaves anything else as stored and handles empties', () => {
    expect(formatPhone('911')).toBe('911');
    expect(formatPhone(null)).toBe('');
  });
  it('builds tel: links', () => {
    expect(phoneHref('+1 (671) 555-1234')).toBe('tel:+16715551234');
  });
});
