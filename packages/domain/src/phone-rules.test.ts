import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone, phoneHref, phoneRuleMessage } from './phone-rules.ts';

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

  it('builds the rule message around an example', () => {
    expect(phoneRuleMessage()).toBe('Phone must be + (3 or 4 digit area code) + 7 digits, e.g. +16711234567');
    expect(phoneRuleMessage('+16715550000')).toBe('Phone must be + (3 or 4 digit area code) + 7 digits, e.g. +16715550000');
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
  // Moved from apps/web/src/lib/phone-display.test.ts when the web copy of these helpers went away.
  it('formats the restaurant number the way the spec shows it', () => {
    expect(formatPhone('+16716464461')).toBe('+1 (671) 646-4461');
    expect(phoneHref('+16716464461')).toBe('tel:+16716464461');
  });
  it.each([
    ['+6715551234', '+(671) 555-1234', 'tel:+6715551234'],
    [' +1 (671) 646-4461 ', '+1 (671) 646-4461', 'tel:+16716464461'],
    ['555-1234', '555-1234', 'tel:5551234'],
    ['', '', 'tel:'],
    ['+4412345678901', '+4412345678901', 'tel:+4412345678901'],
  ])('shows %j as %j and links it as %j', (stored, shown, href) => {
    expect(formatPhone(stored)).toBe(shown);
    expect(phoneHref(stored)).toBe(href);
  });
});
