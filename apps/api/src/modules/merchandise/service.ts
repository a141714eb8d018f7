import { eq } from 'drizzle-orm';
import { centsToDollars } from '@kusina/domain/money';
import {
  dollarsInputToCents,
  itemAvailableQuantity,
  MERCHANDISE_MAX_ADDITIONAL_IMAGES,
  MerchandiseMessages,
  merchandiseStockStatus,
  notEnoughToDamageMessage,
  variantAvailableQuantity,
  variantLabel,
  variantPriceCents,
  type MarkAsDamagedInput,
  type MerchandiseCategoryOutput,
  type MerchandiseCollectionOutput,
  type MerchandiseItemCreateInput,
  type MerchandiseItemOutput,
  type MerchandiseItemUpdateInput,
  type MerchandiseVariantDeleteOutput,
  type MerchandiseVariantInput,
  type MerchandiseVariantOutput,
  type MerchandiseVariantUpdateInput,
  type StockChangeOutput,
  type StockEventKind,
  type StockEventOutput,
  type UpdateStockInput,
  type VariantStockInput,
} from '@kusina/domain/merchandise';
import type { DbOrTx } from '../../db/client.ts';
import { merchandiseItems, merchandiseStockEvents, merchandiseVariants } from '../../db/schema/index.ts';
import { isUniqueViolation, transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { assertRestaurantAccess, canActFor } from '../../lib/access.ts';
import type { SessionUser } from '../../lib/access.ts';
import type { ItemForm } from './form.ts';
import { encodeImage, storeImages, type EncodedImage, type UploadedFile } from './images.ts';
import * as repo from './repository.ts';
import type { CollectionRow, ItemWithVariants, StockEventRow, VariantRow } from './repository.ts';
import type { ServiceDeps } from '../../deps.ts';

/** Image uploads as the fundraiser shop's admin routes take them too. */
export { encodeImage, storeImages } from './images.ts';
export { MULTIPART_LIMITS, readImageUpload } from './form.ts';

/** The part of the services' dependencies (decision 0095) merchandise uses. */
export type MerchandiseDeps = Pick<ServiceDeps, 'pool' | 'db' | 'config'>;

// ── Output ───────────────────────────────────────────────────────────────────────────────────

function toVariantOutput(variant: VariantRow, item: { basePriceCents: number; enableStockTracking: boolean }): MerchandiseVariantOutput {
  const available = variantAvailableQuantity(variant, item.enableStockTracking);
  return {
    id: variant.id,
    merchandise_item_id: variant.merchandiseItemId,
    size: variant.size,
    color: variant.color,
    price_adjustment: centsToDollars(variant.priceAdjustmentCents),
    price_adjustment_cents: variant.priceAdjustmentCents,
    price: centsToDollars(variantPriceCents(item.basePriceCents, variant.priceAdjustmentCents)),
    stock_quantity: variant.stockQuantity,
    damaged_quantity: variant.damagedQuantity,
    available_quantity: available,
    stock_status: merchandiseStockStatus(available),
  };
}

function toItemOutput(item: ItemWithVariants): MerchandiseItemOutput {
  const available = itemAvailableQuantity(item.variants, item.enableStockTracking);
  return {
    id: item.id,
    restaurant_id: item.restaurantId,
    merchandise_collection_id: item.merchandiseCollectionId,
    name: item.name,
    description: item.description,
    base_price: centsToDollars(item.basePriceCents),
    base_price_cents: item.basePriceCents,
    image_url: item.imageUrl,
    second_image_url: item.secondImageUrl,
    additional_images: item.additionalImages,
    category_name: item.categoryName,
    hidden: item.hidden,
    enable_stock_tracking: item.enableStockTracking,
    stock_quantity: item.variants.reduce((sum, v) => sum + v.stockQuantity, 0),
    damaged_quantity: item.variants.reduce((sum, v) => sum + v.damagedQuantity, 0),
    available_quantity: available,
    stock_status: merchandiseStockStatus(available),
    position: item.position,
    variants: item.variants.map((v) => toVariantOutput(v, item)),
  };
}

function toEventOutput(row: StockEventRow): StockEventOutput {
  return {
    id: row.id,
    merchandise_item_id: row.merchandiseItemId,
    merchandise_variant_id: row.merchandiseVariantId,
    variant_label: row.variantLabel,
    kind: row.kind,
    delta: row.delta,
    stock_quantity: row.stockQuantity,
    damaged_quantity: row.damagedQuantity,
    reason: row.reason,
    user_id: row.userId,
    created_at: row.createdAt.toISOString(),
  };
}

function toCollectionOutput(row: CollectionRow, currentId: number | null): MerchandiseCollectionOutput {
  return { id: row.id, name: row.name, description: row.description, active: row.active, current: row.id === currentId, position: row.position };
}

// ── Reads ────────────────────────────────────────────────────────────────────────────────────

/** An admin of this restaurant (or a super admin): sees hidden items and inactive collections when asking. */
function isRestaurantAdmin(viewer: SessionUser | null, restaurantId: number): boolean {
  return canActFor(viewer, restaurantId, 'admin');
}

export async function listItems(
  deps: MerchandiseDeps,
  viewer: SessionUser | null,
  restaurantId: number,
  query: { collection_id?: number | undefined; admin: boolean; show_all: boolean },
): Promise<MerchandiseItemOutput[]> {
  const includeHidden = (query.admin || query.show_all) && isRestaurantAdmin(viewer, restaurantId);
  const items = await repo.listItems(deps.db, { restaurantId, collectionId: query.collection_id, includeHidden });
  return items.map(toItemOutput);
}

/** One item; a hidden one exists only for its restaurant's admins. */
async function visibleItem(deps: MerchandiseDeps, viewer: SessionUser | null, id: number): Promise<ItemWithVariants> {
  const item = await repo.findItem(deps.db, id);
  if (!item || (item.hidden && !isRestaurantAdmin(viewer, item.restaurantId))) throw AppError.notFound(MerchandiseMessages.itemNotFound);
  return item;
}

export async function getItem(deps: MerchandiseDeps, viewer: SessionUser | null, id: number): Promise<MerchandiseItemOutput> {
  return toItemOutput(await visibleItem(deps, viewer, id));
}

export async function listVariants(deps: MerchandiseDeps, viewer: SessionUser | null, id: number): Promise<MerchandiseVariantOutput[]> {
  return toItemOutput(await visibleItem(deps, viewer, id)).variants;
}

export async function listCollections(
  deps: MerchandiseDeps,
  viewer: SessionUser | null,
  restaurantId: number,
  showAll: boolean,
): Promise<MerchandiseCollectionOutput[]> {
  const rows = await repo.listCollections(deps.db, restaurantId);
  const current = rows.find((c) => c.active)?.id ?? null;
  const visible = showAll && isRestaurantAdmin(viewer, restaurantId) ? rows : rows.filter((c) => c.active);
  return visible.map((c) => toCollectionOutput(c, current));
}

export async function listCategories(deps: MerchandiseDeps, restaurantId: number): Promise<MerchandiseCategoryOutput[]> {
  return (await repo.listCategories(deps.db, restaurantId)).map((c) => ({ name: c.name, item_count: c.itemCount }));
}

export async function listStockEvents(deps: MerchandiseDeps, user: SessionUser, id: number): Promise<StockEventOutput[]> {
  const item = await repo.findItem(deps.db, id);
  if (!item) throw AppError.notFound(MerchandiseMessages.itemNotFound);
  assertRestaurantAccess(user, item.restaurantId, 'admin');
  return (await repo.stockEventsOfItem(deps.db, id)).map(toEventOutput);
}

// ── Writes ───────────────────────────────────────────────────────────────────────────────────

/** Which request field each constraint guards, so a violation is a clean 4xx naming the field. */
function constraintError(error: unknown): AppError | null {
  if (isUniqueViolation(error, 'merchandise_variants_item_size_color_key')) {
    return AppError.conflict(MerchandiseMessages.duplicateVariant, { fields: { variants: MerchandiseMessages.duplicateVariant } });
  }
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const inner = e.code ? e : (e.cause ?? {});
  if (inner.code !== '23514') return null;
  if (inner.constraint === 'merchandise_variants_stock_check') {
    return AppError.validation('Damaged quantity cannot exceed stock quantity, and neither may be negative.', {
      damaged_quantity: 'Damaged quantity cannot exceed stock quantity.',
    });
  }
  if (inner.constraint === 'merchandise_items_price_check') return AppError.validation('Price must be 0 or more.', { base_price: 'Must be 0 or more' });
  return null;
}

/**
 * Runs a write in one transaction. Images were checked and encoded before (a bad upload fails
 * before anything is stored); they are written just before the transaction and removed again if it
 * fails, so no row ever names a missing file and a failed write leaves no new file behind.
 */
async function write<T>(deps: MerchandiseDeps, images: readonly EncodedImage[], fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  const undo = await storeImages(deps.config.uploadsDir, images);
  try {
    return await transaction(deps.pool, ({ tx }) => fn(tx));
  } catch (error) {
    await undo();
    throw constraintError(error) ?? error;
  }
}

async function reload(tx: DbOrTx, id: number): Promise<MerchandiseItemOutput> {
  const item = await repo.findItem(tx, id);
  if (!item) throw AppError.notFound(MerchandiseMessages.itemNotFound);
  return toItemOutput(item);
}

async function itemForAdmin(tx: DbOrTx, user: SessionUser, id: number): Promise<ItemWithVariants> {
  const item = await repo.findItem(tx, id);
  if (!item) throw AppError.notFound(MerchandiseMessages.itemNotFound);
  assertRestaurantAccess(user, item.restaurantId, 'admin');
  return item;
}

async function assertCollection(tx: DbOrTx, collectionId: number | null | undefined, restaurantId: number): Promise<void> {
  if (collectionId === null || collectionId === undefined) return;
  const collection = await repo.findCollection(tx, collectionId);
  if (!collection || collection.restaurantId !== restaurantId) {
    throw AppError.validation(MerchandiseMessages.collectionNotFound, { merchandise_collection_id: MerchandiseMessages.collectionNotFound });
  }
}

/** The images of a form, encoded (and so checked) before anything is written. */
async function encodeForm(form: ItemForm): Promise<{ image?: EncodedImage; secondImage?: EncodedImage; additional?: { keep: string[]; uploaded: EncodedImage[] } }> {
  const encoded: { image?: EncodedImage; secondImage?: EncodedImage; additional?: { keep: string[]; uploaded: EncodedImage[] } } = {};
  if (form.image) encoded.image = await encodeImage(form.image);
  if (form.secondImage) encoded.secondImage = await encodeImage(form.secondImage);
  if (form.additional) {
    const total = form.additional.keep.length + form.additional.files.length;
    if (total > MERCHANDISE_MAX_ADDITIONAL_IMAGES) {
      throw AppError.validation(MerchandiseMessages.tooManyImages, { additional_images: MerchandiseMessages.tooManyImages });
    }
    const uploaded: EncodedImage[] = [];
    for (const file of form.additional.files) uploaded.push(await encodeImage(file));
    encoded.additional = { keep: form.additional.keep, uploaded };
  }
  return encoded;
}

function allImages(encoded: Awaited<ReturnType<typeof encodeForm>>): EncodedImage[] {
  return [encoded.image, encoded.secondImage, ...(encoded.additional?.uploaded ?? [])].filter((i): i is EncodedImage => i !== undefined);
}

function itemValues(input: MerchandiseItemUpdateInput, encoded: Awaited<ReturnType<typeof encodeForm>>) {
  const values: Partial<typeof merchandiseItems.$inferInsert> = {};
  if (input.merchandise_collection_id !== undefined) values.merchandiseCollectionId = input.merchandise_collection_id;
  if (input.name !== undefined) values.name = input.name;
  if (input.description !== undefined) values.description = input.description;
  if (input.base_price !== undefined) values.basePriceCents = dollarsInputToCents(input.base_price);
  if (input.image_url !== undefined) values.imageUrl = input.image_url;
  if (input.second_image_url !== undefined) values.secondImageUrl = input.second_image_url;
  if (input.category_name !== undefined) values.categoryName = input.category_name;
  if (input.hidden !== undefined) values.hidden = input.hidden;
  if (input.enable_stock_tracking !== undefined) values.enableStockTracking = input.enable_stock_tracking;
  if (input.position !== undefined) values.position = input.position;
  if (encoded.image) values.imageUrl = encoded.image.url;
  if (encoded.secondImage) values.secondImageUrl = encoded.secondImage.url;
  if (encoded.additional) values.additionalImages = [...encoded.additional.keep, ...encoded.additional.uploaded.map((i) => i.url)];
  return values;
}

async function recordEvent(
  tx: DbOrTx,
  event: { restaurantId: number; item: { id: number; name: string }; variant: VariantRow; user: SessionUser | null; kind: StockEventKind; delta: number; reason: string },
): Promise<StockEventRow> {
  const [row] = await tx
    .insert(merchandiseStockEvents)
    .values({
      restaurantId: event.restaurantId,
      merchandiseItemId: event.item.id,
      merchandiseVariantId: event.variant.id,
      itemName: event.item.name,
      variantLabel: variantLabel(event.variant),
      userId: event.user?.id ?? null,
      kind: event.kind,
      delta: event.delta,
      stockQuantity: event.variant.stockQuantity,
      damagedQuantity: event.variant.damagedQuantity,
      reason: event.reason,
    })
    .returning();
  if (!row) throw new Error('stock event insert returned nothing');
  return row;
}

async function insertVariants(
  tx: DbOrTx,
  user: SessionUser,
  item: { id: number; name: string; restaurantId: number },
  inputs: readonly MerchandiseVariantInput[],
  firstPosition: number,
): Promise<void> {
  for (const [index, input] of inputs.entries()) {
    const [variant] = await tx
      .insert(merchandiseVariants)
      .values({
        merchandiseItemId: item.id,
        size: input.size ?? null,
        color: input.color ?? null,
        priceAdjustmentCents: input.price_adjustment === undefined ? 0 : dollarsInputToCents(input.price_adjustment),
        stockQuantity: input.stock_quantity ?? 0,
        damagedQuantity: input.damaged_quantity ?? 0,
        position: firstPosition + index,
      })
      .returning();
    if (!variant) throw new Error('variant insert returned nothing');
    const available = variant.stockQuantity - variant.damagedQuantity;
    if (variant.stockQuantity > 0) {
      await recordEvent(tx, { restaurantId: item.restaurantId, item, variant, user, kind: 'update', delta: available, reason: 'Initial stock' });
    }
  }
}

export async function createItem(deps: MerchandiseDeps, user: SessionUser, input: MerchandiseItemCreateInput, form: ItemForm): Promise<MerchandiseItemOutput> {
  const restaurantId = input.restaurant_id ?? user.restaurantId;
  assertRestaurantAccess(user, restaurantId, 'admin');
  const encoded = await encodeForm(form);
  return write(deps, allImages(encoded), async (tx) => {
    await assertCollection(tx, input.merchandise_collection_id, restaurantId);
    const [item] = await tx
      .insert(merchandiseItems)
      .values({
        restaurantId,
        name: input.name,
        basePriceCents: dollarsInputToCents(input.base_price),
        position: input.position ?? (await repo.nextItemPosition(tx, restaurantId)),
        ...itemValues(input, encoded),
      })
      .returning();
    if (!item) throw new Error('item insert returned nothing');
    const variants = input.variants && input.variants.length > 0 ? input.variants : [{ stock_quantity: input.stock_quantity ?? 0 }];
    await insertVariants(tx, user, item, variants, 0);
    return reload(tx, item.id);
  });
}

/** PATCH: sent fields change; variants with an id are edited (size, colour, price adjustment), others added. */
export async function updateItem(deps: MerchandiseDeps, user: SessionUser, id: number, input: MerchandiseItemUpdateInput, form: ItemForm): Promise<MerchandiseItemOutput> {
  // Access first, so a stranger's upload is never even decoded.
  await itemForAdmin(deps.db, user, id);
  const encoded = await encodeForm(form);
  return write(deps, allImages(encoded), async (tx) => {
    const item = await itemForAdmin(tx, user, id);
    await assertCollection(tx, input.merchandise_collection_id, item.restaurantId);
    const values = itemValues(input, encoded);
    if (Object.keys(values).length > 0) await tx.update(merchandiseItems).set(values).where(eq(merchandiseItems.id, id));
    const edits = input.variants ?? [];
    const known = new Set(item.variants.map((v) => v.id));
    for (const edit of edits.filter((v) => v.id !== undefined)) {
      if (!known.has(edit.id ?? -1)) throw AppError.validation(MerchandiseMessages.variantNotFound, { variants: MerchandiseMessages.variantNotFound });
      await tx
        .update(merchandiseVariants)
        .set({
          ...(edit.size === undefined ? {} : { size: edit.size }),
          ...(edit.color === undefined ? {} : { color: edit.color }),
          ...(edit.price_adjustment === undefined ? {} : { priceAdjustmentCents: dollarsInputToCents(edit.price_adjustment) }),
        })
        .where(eq(merchandiseVariants.id, edit.id ?? -1));
    }
    const added = edits.filter((v) => v.id === undefined);
    if (added.length > 0) await insertVariants(tx, user, { id, name: values.name ?? item.name, restaurantId: item.restaurantId }, added, item.variants.length);
    return reload(tx, id);
  });
}

export async function deleteItem(deps: MerchandiseDeps, user: SessionUser, id: number): Promise<void> {
  await write(deps, [], async (tx) => {
    await itemForAdmin(tx, user, id);
    await tx.delete(merchandiseItems).where(eq(merchandiseItems.id, id));
  });
}

export async function uploadImage(deps: MerchandiseDeps, user: SessionUser, id: number, file: UploadedFile | undefined): Promise<MerchandiseItemOutput> {
  await itemForAdmin(deps.db, user, id);
  if (!file) throw AppError.validation(MerchandiseMessages.imageRequired, { image: MerchandiseMessages.imageRequired });
  const image = await encodeImage(file);
  return write(deps, [image], async (tx) => {
    await itemForAdmin(tx, user, id);
    await tx.update(merchandiseItems).set({ imageUrl: image.url }).where(eq(merchandiseItems.id, id));
    return reload(tx, id);
  });
}

// ── Stock ────────────────────────────────────────────────────────────────────────────────────
// Every change locks the variant row (SELECT … FOR UPDATE), checks against the committed figures,
// writes, and records the audit row in the same transaction; racing requests queue on the lock, so
// the loser sees the winner's numbers and gets a clean 4xx. The CHECK is the last line of defence.

/** The variant a stock call acts on: the one named (it must be the item's), or the item's only one. */
function chooseVariant(item: ItemWithVariants, variantId: number | undefined): number {
  if (variantId !== undefined) {
    if (!item.variants.some((v) => v.id === variantId)) throw AppError.notFound(MerchandiseMessages.variantNotFound);
    return variantId;
  }
  const [only, ...others] = item.variants;
  if (!only || others.length > 0) throw AppError.validation(MerchandiseMessages.variantRequired, { variant_id: MerchandiseMessages.variantRequired });
  return only.id;
}

async function changeStock(
  deps: MerchandiseDeps,
  user: SessionUser,
  itemId: number,
  variantId: number | undefined,
  change: (variant: VariantRow) => { stockQuantity: number; damagedQuantity: number; kind: StockEventKind },
  reason: string,
): Promise<StockChangeOutput> {
  return write(deps, [], async (tx) => {
    const item = await itemForAdmin(tx, user, itemId);
    const locked = await repo.lockVariant(tx, chooseVariant(item, variantId));
    if (!locked || locked.merchandiseItemId !== itemId) throw AppError.notFound(MerchandiseMessages.variantNotFound);
    const next = change(locked);
    const [updated] = await tx
      .update(merchandiseVariants)
      .set({ stockQuantity: next.stockQuantity, damagedQuantity: next.damagedQuantity })
      .where(eq(merchandiseVariants.id, locked.id))
      .returning();
    if (!updated) throw AppError.notFound(MerchandiseMessages.variantNotFound);
    const delta = updated.stockQuantity - updated.damagedQuantity - (locked.stockQuantity - locked.damagedQuantity);
    const event = await recordEvent(tx, { restaurantId: item.restaurantId, item, variant: updated, user, kind: next.kind, delta, reason });
    return { item: await reload(tx, itemId), event: toEventOutput(event) };
  });
}

/** Sets a variant's stock count (a recount, a delivery). It may not drop below the damaged units. */
function setStock(stockQuantity: number) {
  return (variant: VariantRow) => {
    if (stockQuantity < variant.damagedQuantity) {
      throw AppError.validation(MerchandiseMessages.stockBelowDamaged, { stock_quantity: MerchandiseMessages.stockBelowDamaged });
    }
    return { stockQuantity, damagedQuantity: variant.damagedQuantity, kind: 'update' as const };
  };
}

export async function updateStock(deps: MerchandiseDeps, user: SessionUser, itemId: number, input: UpdateStockInput): Promise<StockChangeOutput> {
  return changeStock(deps, user, itemId, input.variant_id, setStock(input.stock_quantity), input.reason);
}

export async function updateVariantStock(
  deps: MerchandiseDeps,
  user: SessionUser,
  itemId: number,
  variantId: number,
  input: VariantStockInput,
): Promise<StockChangeOutput> {
  return changeStock(deps, user, itemId, variantId, setStock(input.stock_quantity), input.reason);
}

/** Writes off units: they stay counted in stock but can no longer be sold (409 when fewer are sellable). */
export async function markAsDamaged(deps: MerchandiseDeps, user: SessionUser, itemId: number, input: MarkAsDamagedInput): Promise<StockChangeOutput> {
  return changeStock(
    deps,
    user,
    itemId,
    input.variant_id,
    (variant) => {
      const available = variant.stockQuantity - variant.damagedQuantity;
      if (input.quantity > available) {
        const message = notEnoughToDamageMessage(Math.max(0, available));
        throw AppError.conflict(message, { fields: { quantity: message }, available_quantity: Math.max(0, available) });
      }
      return { stockQuantity: variant.stockQuantity, damagedQuantity: variant.damagedQuantity + input.quantity, kind: 'damaged' };
    },
    input.reason,
  );
}

/** PATCH /merchandise_variants/:id: size, colour, price adjustment and counts; count changes are audited. */
export async function updateVariant(
  deps: MerchandiseDeps,
  user: SessionUser,
  variantId: number,
  input: MerchandiseVariantUpdateInput['merchandise_variant'],
): Promise<MerchandiseVariantOutput> {
  return write(deps, [], async (tx) => {
    const locked = await repo.lockVariant(tx, variantId);
    if (!locked || locked.archivedAt) throw AppError.notFound(MerchandiseMessages.variantNotFound);
    const item = await itemForAdmin(tx, user, locked.merchandiseItemId);
    const stockQuantity = input.stock_quantity ?? locked.stockQuantity;
    const damagedQuantity = input.damaged_quantity ?? locked.damagedQuantity;
    if (damagedQuantity > stockQuantity) {
      throw AppError.validation('Damaged quantity cannot exceed stock quantity.', { damaged_quantity: 'Damaged quantity cannot exceed stock quantity.' });
    }
    const [updated] = await tx
      .update(merchandiseVariants)
      .set({
        stockQuantity,
        damagedQuantity,
        ...(input.size === undefined ? {} : { size: input.size }),
        ...(input.color === undefined ? {} : { color: input.color }),
        ...(input.price_adjustment === undefined ? {} : { priceAdjustmentCents: dollarsInputToCents(input.price_adjustment) }),
      })
      .where(eq(merchandiseVariants.id, variantId))
      .returning();
    if (!updated) throw AppError.notFound(MerchandiseMessages.variantNotFound);
    if (stockQuantity !== locked.stockQuantity || damagedQuantity !== locked.damagedQuantity) {
      const delta = stockQuantity - damagedQuantity - (locked.stockQuantity - locked.damagedQuantity);
      const kind: StockEventKind = stockQuantity === locked.stockQuantity ? 'damaged' : 'update';
      await recordEvent(tx, { restaurantId: item.restaurantId, item, variant: updated, user, kind, delta, reason: input.reason ?? 'Variant edited' });
    }
    return toVariantOutput(updated, item);
  });
}

/**
 * DELETE /merchandise_variants/:id (decision 0072). A variant that orders name is archived: the shop
 * and the admin lists no longer show it, checkout refuses it, its stock stays as it is, and past
 * orders, refunds and the stock history keep their link. One that no order names is deleted. The
 * variant row is locked first, so an order being written for it (its line's foreign key holds a
 * share lock on the row) commits before the check, and is counted. An item keeps at least one
 * variant on sale: stock lives on variants.
 */
export async function deleteVariant(deps: MerchandiseDeps, user: SessionUser, variantId: number): Promise<MerchandiseVariantDeleteOutput> {
  return write(deps, [], async (tx) => {
    const locked = await repo.lockVariant(tx, variantId);
    if (!locked || locked.archivedAt) throw AppError.notFound(MerchandiseMessages.variantNotFound);
    const item = await itemForAdmin(tx, user, locked.merchandiseItemId);
    if (item.variants.every((v) => v.id === variantId)) {
      throw AppError.conflict(MerchandiseMessages.lastVariant, { fields: { variant: MerchandiseMessages.lastVariant } });
    }
    if (await repo.variantIsOrdered(tx, variantId)) {
      await repo.archiveVariant(tx, variantId);
      return { id: variantId, archived: true };
    }
    await repo.deleteVariant(tx, variantId);
    return { id: variantId, archived: false };
  });
}
