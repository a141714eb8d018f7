import { eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { discountConfigurations, staffMembers, users } from '../schema/index.ts';

/**
 * Demo staff members (a staff order is placed for one of them) and the staff discount options of
 * backoffice-reservations.md §3 at both restaurants: On Duty 50 % (the default) and Off Duty 30 %,
 * plus an inactive Family Meal option to show the switch.
 */
export async function seedStaff(tx: Tx): Promise<void> {
  const [kekoa] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'staff@kusina.test')).limit(1);
  const [ana] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'admin@kusina.test')).limit(1);
  await tx.insert(staffMembers).values([
    { restaurantId: 1, name: 'Kekoa Staff', userId: kekoa?.id ?? null },
    { restaurantId: 1, name: 'Ana Admin', userId: ana?.id ?? null },
    { restaurantId: 1, name: 'Joaquin Santos' },
    { restaurantId: 1, name: 'Tasi Reyes', isActive: false },
    { restaurantId: 2, name: 'Leilani Blue' },
    { restaurantId: 2, name: 'Vicente Camacho' },
  ]);
  await tx.insert(discountConfigurations).values(
    [1, 2].flatMap((restaurantId) => [
      {
        restaurantId,
        name: 'On Duty',
        code: 'ON_DUTY',
        discountBasisPoints: 5000,
        isDefault: true,
        displayOrder: 0,
        description: 'Meal during a shift',
        uiColor: '#16a34a',
      },
      {
        restaurantId,
        name: 'Off Duty',
        code: 'OFF_DUTY',
        discountBasisPoints: 3000,
        displayOrder: 1,
        description: 'Staff ordering on a day off',
        uiColor: '#2563eb',
      },
      {
        restaurantId,
        name: 'Family Meal',
        code: 'FAMILY_MEAL',
        discountBasisPoints: 10000,
        isActive: false,
        displayOrder: 2,
        description: 'Team meal before service (switched off)',
        uiColor: '#b45309',
      },
    ]),
  );
}
