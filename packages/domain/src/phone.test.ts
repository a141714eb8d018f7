import { describe, expect, it } from 'vitest';
import { phoneRuleMessage } from './phone-format.ts';
import { phoneSchema } from './phone.ts';

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
