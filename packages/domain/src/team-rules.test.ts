import { describe, expect, it } from 'vitest';
import { codeStatus, remainingUses } from './promotions.ts';
import { TeamMessages, teamChangeRefusal } from './team-rules.ts';

const admin = { id: 2, role: 'admin', restaurantId: 1 } as const;
const superAdmin = { id: 1, role: 'super_admin', restaurantId: 1 } as const;
const staff = { id: 3, role: 'staff', restaurantId: 1 } as const;

describe('teamChangeRefusal', () => {
  it('lets an admin change staff and admins of their restaurant, and the super admin anyone but super admins', () => {
    expect(teamChangeRefusal(admin, staff, { kind: 'role', role: 'admin' })).toBeNull();
    expect(teamChangeRefusal(admin, { id: 9, role: 'admin', restaurantId: 1 }, { kind: 'deactivate' })).toBeNull();
    expect(teamChangeRefusal(superAdmin, { id: 9, role: 'staff', restaurantId: 2 }, { kind: 'reactivate' })).toBeNull();
  });

  it('refuses staff and customers, other restaurants, super admins, customers as targets and yourself', () => {
    expect(teamChangeRefusal(staff, { id: 9, role: 'staff', restaurantId: 1 }, { kind: 'deactivate' })).toBe('forbidden');
    expect(teamChangeRefusal({ id: 8, role: 'customer', restaurantId: 1 }, staff, { kind: 'deactivate' })).toBe('forbidden');
    expect(teamChangeRefusal(admin, { id: 9, role: 'staff', restaurantId: 2 }, { kind: 'deactivate' })).toBe(TeamMessages.otherRestaurant);
    expect(teamChangeRefusal(admin, superAdmin, { kind: 'deactivate' })).toBe(TeamMessages.superAdminUntouchable);
    expect(teamChangeRefusal(superAdmin, { id: 7, role: 'super_admin', restaurantId: 2 }, { kind: 'role', role: 'admin' })).toBe(TeamMessages.superAdminUntouchable);
    expect(teamChangeRefusal(admin, { id: 8, role: 'customer', restaurantId: 1 }, { kind: 'role', role: 'staff' })).toBe(TeamMessages.notTeamMember);
    expect(teamChangeRefusal(admin, admin, { kind: 'deactivate' })).toBe(TeamMessages.notYourself);
    expect(teamChangeRefusal(admin, admin, { kind: 'role', role: 'staff' })).toBe(TeamMessages.notYourself);
  });

  it('never raises anyone above admin', () => {
    expect(teamChangeRefusal(superAdmin, staff, { kind: 'role', role: 'super_admin' as 'admin' })).toBe('forbidden');
  });
});

describe('codeStatus and remainingUses', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('follows checkout: paused, then expired, then used up', () => {
    const base = { active: true, validUntil: null, maxUses: 5, currentUses: 2 };
    expect(codeStatus(base, now)).toBe('active');
    expect(codeStatus({ ...base, active: false, validUntil: new Date('2026-01-01T00:00:00Z') }, now)).toBe('paused');
    expect(codeStatus({ ...base, validUntil: now }, now)).toBe('expired');
    expect(codeStatus({ ...base, validUntil: new Date(now.getTime() + 1) }, now)).toBe('active');
    expect(codeStatus({ ...base, currentUses: 5 }, now)).toBe('used_up');
    expect(remainingUses(base)).toBe(3);
    expect(remainingUses({ maxUses: null, currentUses: 40 })).toBeNull();
  });
});
