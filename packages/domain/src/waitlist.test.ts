import { describe, expect, it } from 'vitest';
import { canMoveWaitlistEntry, WaitlistEntryCreateInput, WaitlistEntryUpdateInput, WaitlistListQuery } from './waitlist.ts';

describe('waitlist contract', () => {
  it('trims the name, stores the phone as E.164 and reads the bare +1671 prefix as no phone', () => {
    expect(WaitlistEntryCreateInput.parse({ contact_name: '  Ana Aguon ', contact_phone: '+1671 555 0199', party_size: 3 })).toEqual({
      contact_name: 'Ana Aguon',
      contact_phone: '+16715550199',
      party_size: 3,
      notes: null,
    });
    expect(WaitlistEntryCreateInput.parse({ waitlist_entry: { contact_name: 'Kenji', contact_phone: '+1671', party_size: 2 } })).toMatchObject({ contact_phone: null });
  });

  it('names the bad field', () => {
    const fields = (body: unknown) => {
      const result = WaitlistEntryCreateInput.safeParse(body);
      return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
    };
    expect(fields({ contact_name: ' ', party_size: 2 })).toEqual(['contact_name']);
    expect(fields({ contact_name: 'A', contact_phone: '12345', party_size: 2 })).toEqual(['contact_phone']);
    expect(fields({ contact_name: 'A', party_size: 0 })).toEqual(['party_size']);
    expect(fields({ contact_name: 'A', party_size: 2, status: 'seated' })).toEqual(['']);
    expect(WaitlistListQuery.safeParse({ date: '2030-02-30' }).success).toBe(false);
  });

  it('leaves absent fields of a change absent', () => {
    expect(WaitlistEntryUpdateInput.parse({ status: 'seated' })).toEqual({ status: 'seated' });
  });

  it('allows waiting → seated, removed, no-show and back, never one closed status to another', () => {
    expect(canMoveWaitlistEntry('waiting', 'seated')).toBe(true);
    expect(canMoveWaitlistEntry('waiting', 'no_show')).toBe(true);
    expect(canMoveWaitlistEntry('removed', 'waiting')).toBe(true);
    expect(canMoveWaitlistEntry('seated', 'no_show')).toBe(false);
    expect(canMoveWaitlistEntry('no_show', 'removed')).toBe(false);
  });
});
