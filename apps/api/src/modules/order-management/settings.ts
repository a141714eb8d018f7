import { and, asc, eq, ne } from 'drizzle-orm';
import {
  OrderManagementMessages,
  type DiscountConfigurationCreateInput,
  type DiscountConfigurationOutput,
  type DiscountConfigurationUpdateInput,
  type StaffMemberCreateInput,
  type StaffMemberOutput,
  type StaffMembersQuery,
  type StaffMemberUpdateInput,
} from '@kusina/domain/order-management';
import { isAdminRole } from '@kusina/domain/roles';
import type { Database, DbOrTx } from '../../db/client.ts';
import { discountConfigurations, restaurants, staffMembers, users } from '../../db/schema/index.ts';
import { isUniqueViolation, transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { assertRestaurantAccess, canActFor, type SessionUser, scopeRestaurant } from '../../lib/access.ts';
import { getRestaurant } from '../restaurants/service.ts';
import type { ServiceDeps } from '../../deps.ts';

// ── Staff members ───────────────────────────────────────────────────────────────────────────

type StaffMemberRow = typeof staffMembers.$inferSelect;

function staffMemberView(row: StaffMemberRow): StaffMemberOutput {
  return {
    id: row.id,
    restaurant_id: row.restaurantId,
    name: row.name,
    user_id: row.userId,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Staff see the active members (to pick one for a staff order); admins may ask for all. */
export async function listStaffMembers(deps: ServiceDeps, user: SessionUser, query: StaffMembersQuery): Promise<StaffMemberOutput[]> {
  const restaurantId = scopeRestaurant(user, query.restaurant_id);
  const all = query.include_inactive === true && isAdminRole(user.role);
  const rows = await deps.db
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.restaurantId, restaurantId), all ? undefined : eq(staffMembers.isActive, true)))
    .orderBy(asc(staffMembers.name), asc(staffMembers.id));
  return rows.map(staffMemberView);
}

/** A linked account must be staff or an admin of the member's restaurant (or a super admin). */
async function checkLinkedUser(db: DbOrTx, restaurantId: number, userId: number | null | undefined): Promise<void> {
  if (userId === undefined || userId === null) return;
  const [linked] = await db.select({ role: users.role, restaurantId: users.restaurantId }).from(users).where(eq(users.id, userId)).limit(1);
  if (!canActFor(linked, restaurantId)) throw AppError.validation(OrderManagementMessages.staffMemberUserInvalid, { user_id: OrderManagementMessages.staffMemberUserInvalid });
}

function linkedTwice(): AppError {
  const message = 'This account is already linked to another staff member.';
  return AppError.conflict(message, { fields: { user_id: message } });
}

export async function createStaffMember(deps: ServiceDeps, user: SessionUser, input: StaffMemberCreateInput): Promise<StaffMemberOutput> {
  const restaurantId = scopeRestaurant(user, input.restaurant_id, 'admin');
  await getRestaurant(deps, restaurantId);
  await checkLinkedUser(deps.db, restaurantId, input.user_id);
  try {
    const [row] = await deps.db
      .insert(staffMembers)
      .values({ restaurantId, name: input.name, userId: input.user_id ?? null, isActive: input.is_active })
      .returning();
    if (!row) throw new Error('staff member insert returned nothing');
    return staffMemberView(row);
  } catch (error) {
    if (isUniqueViolation(error, 'staff_members_restaurant_user_unique')) throw linkedTwice();
    throw error;
  }
}

async function staffMemberForAdmin(db: DbOrTx, user: SessionUser, id: number): Promise<StaffMemberRow> {
  const [row] = await db.select().from(staffMembers).where(eq(staffMembers.id, id)).limit(1);
  if (!row) throw AppError.notFound(OrderManagementMessages.staffMemberNotFound);
  assertRestaurantAccess(user, row.restaurantId, 'admin');
  return row;
}

export async function updateStaffMember(deps: ServiceDeps, user: SessionUser, id: number, input: StaffMemberUpdateInput): Promise<StaffMemberOutput> {
  const existing = await staffMemberForAdmin(deps.db, user, id);
  await checkLinkedUser(deps.db, existing.restaurantId, input.user_id);
  const values = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.user_id === undefined ? {} : { userId: input.user_id }),
    ...(input.is_active === undefined ? {} : { isActive: input.is_active }),
  };
  // Nothing to change (an empty body, or only fields the contract does not know): the member as it is.
  if (Object.keys(values).length === 0) return staffMemberView(existing);
  try {
    const [row] = await deps.db.update(staffMembers).set(values).where(eq(staffMembers.id, existing.id)).returning();
    if (!row) throw AppError.notFound(OrderManagementMessages.staffMemberNotFound);
    return staffMemberView(row);
  } catch (error) {
    if (isUniqueViolation(error, 'staff_members_restaurant_user_unique')) throw linkedTwice();
    throw error;
  }
}

/** Orders keep the member's name (staff_member_name), so deleting a member changes no order. */
export async function deleteStaffMember(deps: ServiceDeps, user: SessionUser, id: number): Promise<void> {
  const existing = await staffMemberForAdmin(deps.db, user, id);
  await deps.db.delete(staffMembers).where(eq(staffMembers.id, existing.id));
}

// ── Discount configurations ─────────────────────────────────────────────────────────────────

type DiscountRow = typeof discountConfigurations.$inferSelect;

function discountView(row: DiscountRow): DiscountConfigurationOutput {
  return {
    id: row.id,
    restaurant_id: row.restaurantId,
    name: row.name,
    code: row.code,
    discount_percentage: row.discountBasisPoints / 100,
    discount_type: row.discountType,
    is_active: row.isActive,
    is_default: row.isDefault,
    display_order: row.displayOrder,
    description: row.description,
    ui_color: row.uiColor,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const toBasisPoints = (percentage: number) => Math.round(percentage * 100);

/** Admin view: every configuration, active or not, in display order. */
export async function listDiscounts(deps: ServiceDeps, user: SessionUser, requested: number | undefined): Promise<DiscountConfigurationOutput[]> {
  const restaurantId = scopeRestaurant(user, requested, 'admin');
  const rows = await deps.db
    .select()
    .from(discountConfigurations)
    .where(eq(discountConfigurations.restaurantId, restaurantId))
    .orderBy(asc(discountConfigurations.displayOrder), asc(discountConfigurations.id));
  return rows.map(discountView);
}

/** The active list (backoffice §7), for staff choosing a discount on a staff order. */
export async function listActiveDiscounts(deps: ServiceDeps, user: SessionUser, requested: number | undefined): Promise<DiscountConfigurationOutput[]> {
  const restaurantId = scopeRestaurant(user, requested);
  const rows = await deps.db
    .select()
    .from(discountConfigurations)
    .where(and(eq(discountConfigurations.restaurantId, restaurantId), eq(discountConfigurations.isActive, true)))
    .orderBy(asc(discountConfigurations.displayOrder), asc(discountConfigurations.id));
  return rows.map(discountView);
}

function codeTaken(): AppError {
  return AppError.conflict(OrderManagementMessages.discountCodeTaken, { fields: { code: OrderManagementMessages.discountCodeTaken } });
}

/**
 * Saving a default clears the flag on the restaurant's others first, in the same transaction. The
 * restaurant row (FOR NO KEY UPDATE: orders' foreign keys are not blocked) serialises two admins
 * choosing different defaults at once.
 */
async function clearOtherDefaults(tx: Database, restaurantId: number, keepId: number | null): Promise<void> {
  await tx.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.id, restaurantId)).for('no key update');
  await tx
    .update(discountConfigurations)
    .set({ isDefault: false })
    .where(
      and(
        eq(discountConfigurations.restaurantId, restaurantId),
        eq(discountConfigurations.isDefault, true),
        keepId === null ? undefined : ne(discountConfigurations.id, keepId),
      ),
    );
}

async function writeDiscount<T>(deps: ServiceDeps, fn: (tx: Database) => Promise<T>): Promise<T> {
  try {
    return await transaction(deps.pool, ({ tx }) => fn(tx));
  } catch (error) {
    if (isUniqueViolation(error, 'discount_configurations_restaurant_code_unique')) throw codeTaken();
    if (isUniqueViolation(error, 'discount_configurations_one_default')) throw AppError.conflict('Another discount became the default at the same time. Please try again.');
    throw error;
  }
}

export async function createDiscount(deps: ServiceDeps, user: SessionUser, input: DiscountConfigurationCreateInput): Promise<DiscountConfigurationOutput> {
  const restaurantId = scopeRestaurant(user, input.restaurant_id, 'admin');
  await getRestaurant(deps, restaurantId);
  return writeDiscount(deps, async (tx) => {
    if (input.is_default) await clearOtherDefaults(tx, restaurantId, null);
    const [row] = await tx
      .insert(discountConfigurations)
      .values({
        restaurantId,
        name: input.name,
        code: input.code,
        discountBasisPoints: toBasisPoints(input.discount_percentage),
        discountType: input.discount_type,
        isActive: input.is_active,
        isDefault: input.is_default,
        displayOrder: input.display_order,
        description: input.description ?? null,
        uiColor: input.ui_color ?? null,
      })
      .returning();
    if (!row) throw new Error('discount insert returned nothing');
    return discountView(row);
  });
}

async function discountForAdmin(db: DbOrTx, user: SessionUser, id: number): Promise<DiscountRow> {
  const [row] = await db.select().from(discountConfigurations).where(eq(discountConfigurations.id, id)).limit(1);
  if (!row) throw AppError.notFound(OrderManagementMessages.discountNotFound);
  assertRestaurantAccess(user, row.restaurantId, 'admin');
  return row;
}

export async function updateDiscount(deps: ServiceDeps, user: SessionUser, id: number, input: DiscountConfigurationUpdateInput): Promise<DiscountConfigurationOutput> {
  const existing = await discountForAdmin(deps.db, user, id);
  const values = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.code === undefined ? {} : { code: input.code }),
    ...(input.discount_percentage === undefined ? {} : { discountBasisPoints: toBasisPoints(input.discount_percentage) }),
    ...(input.discount_type === undefined ? {} : { discountType: input.discount_type }),
    ...(input.is_active === undefined ? {} : { isActive: input.is_active }),
    ...(input.is_default === undefined ? {} : { isDefault: input.is_default }),
    ...(input.display_order === undefined ? {} : { displayOrder: input.display_order }),
    ...(input.description === undefined ? {} : { description: input.description }),
    ...(input.ui_color === undefined ? {} : { uiColor: input.ui_color }),
  };
  // Nothing to change (an empty body, or only fields the contract does not know): the option as it is.
  if (Object.keys(values).length === 0) return discountView(existing);
  return writeDiscount(deps, async (tx) => {
    if (input.is_default === true) await clearOtherDefaults(tx, existing.restaurantId, existing.id);
    const [row] = await tx.update(discountConfigurations).set(values).where(eq(discountConfigurations.id, existing.id)).returning();
    if (!row) throw AppError.notFound(OrderManagementMessages.discountNotFound);
    return discountView(row);
  });
}

export async function deleteDiscount(deps: ServiceDeps, user: SessionUser, id: number): Promise<void> {
  const existing = await discountForAdmin(deps.db, user, id);
  await deps.db.delete(discountConfigurations).where(eq(discountConfigurations.id, existing.id));
}
