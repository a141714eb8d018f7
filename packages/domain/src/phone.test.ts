import { describe, expect, it } from 'vitest';
import { phoneRuleMessage } from './phone-rules.ts';
import { isAcceptedPhone, normalizePhone, phoneSchema } from './phone.ts';

describe('phone field (storefront.md §5)', () => {
  it('reports the spec message with an example', () => {
    const result = phoneSchema.safeParse('+1671');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Phone must be + (3 or 4 digit area code) + 7 digits, e.g. +16711234567');
    expect(result.error?.issues[0]?.message).toBe(phoneRuleMessage());
  });

  it('trims before storing', () => {
    expect(phoneSchema.parse(' +16715551234 ')).toBe('+16715551234');
  });
});

describe('international numbers (issue #21)', () => {
  it.each([
    ['+81 90-1234-5678', '+819012345678'],
    ['+82 10 1234 5678', '+821012345678'],
    ['+1 (671) 555-1234', '+16715551234'],
    ['+61 412 345 678', '+61412345678'],
  ])('accepts %s and stores %s', (input, stored) => {
    expect(phoneSchema.parse(input)).toBe(stored);
  });

  it.each(['+81 12', '+999 1234567890123', '0901234567', '+82 10', 'hello', '+1671'])('rejects %s with the spec message', (input) => {
    const result = phoneSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(phoneRuleMessage());
  });

  it('keeps a spec-rule number as it is', () => {
    expect(phoneSchema.parse('+16711234567')).toBe('+16711234567');
    expect(isAcceptedPhone('+12345678901')).toBe(true);
    expect(normalizePhone(' +16711234567 ')).toBe('+16711234567');
  });
});
