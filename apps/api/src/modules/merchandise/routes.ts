import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coercedInt4 } from '@kusina/domain/integers';
import { ErrorOutput } from '@kusina/domain/errors';
import {
  MarkAsDamagedInput,
  MerchandiseCategoryOutput,
  MerchandiseCollectionOutput,
  MerchandiseCollectionsQuery,
  MerchandiseItemCreateInput,
  MerchandiseItemOutput,
  MerchandiseItemsQuery,
  MerchandiseItemUpdateInput,
  MerchandiseVariantDeleteOutput,
  MerchandiseVariantOutput,
  MerchandiseVariantUpdateInput,
  StockChangeOutput,
  StockEventOutput,
  UpdateStockInput,
  VariantStockInput,
} from '@kusina/domain/merchandise';
import { AppError } from '../../lib/errors.ts';
import { requireAdmin, requireAuth } from '../../plugins/auth.ts';
import { compressJsonResponse } from '../../lib/compression.ts';
import { storefrontRestaurantId } from '../restaurants/service.ts';
import { MULTIPART_LIMITS, readImageUpload, readItemForm } from './form.ts';
import * as merchandise from './service.ts';

const tags = ['merchandise'];
const bearer = [{ bearer: [] }];
const idParams = z.object({ id: coercedInt4().positive() });
const variantParams = z.object({ id: coercedInt4().positive(), variantId: coercedInt4().positive() });
const restaurantQuery = z.object({ restaurant_id: coercedInt4().positive().optional() });
const writeErrors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput, 409: ErrorOutput, 422: ErrorOutput };
const uploadErrors = { ...writeErrors, 413: ErrorOutput, 415: ErrorOutput };
const formTypes = ['multipart/form-data', 'application/json'];
const FORM_HELP =
  'multipart/form-data: merchandise_item[name], merchandise_item[base_price] (dollars), merchandise_item[description], merchandise_item[category_name], merchandise_item[merchandise_collection_id], merchandise_item[hidden], merchandise_item[variants][0][size|color|price_adjustment|stock_quantity] (or merchandise_item[variants] as JSON), files image, second_image and additional_images[] (JPEG, PNG, WebP or GIF up to 5 MB; re-encoded to WebP), additional_image_urls[] (the additional images to keep). A JSON body { merchandise_item: {...} } works too.';

/** A zod check of form fields with the same 400 shape as a schema failure. */
function parseFields<T extends z.ZodType>(schema: T, fields: unknown): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const details: Record<string, string> = {};
  for (const issue of parsed.error.issues) details[issue.path.join('.') || 'merchandise_item'] ??= issue.message;
  const [first] = Object.entries(details);
  throw new AppError('VALIDATION_ERROR', 400, first ? `${first[0]}: ${first[1]}` : 'Invalid request', { fields: details });
}

/** The viewer of a public read: an optional token narrows nothing, it only unlocks admin views. */
function viewer(request: FastifyRequest) {
  return request.auth?.user ?? null;
}

export const merchandiseRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart is parsed only by this module's routes (encapsulated plugin), with the upload limits.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const admin = requireAdmin(app);
  const identify = app.identify;

  // ── Public reads (admins see more with admin/show_all) ───────────────────────────────────

  app.get(
    '/merchandise_items',
    {
      preHandler: identify,
      // The shop polls this list every 10 s: compressed for phones (about a tenth of the bytes).
      onSend: compressJsonResponse,
      schema: {
        tags,
        summary: 'The shop: visible items with their variants and stock; hidden ones too for admins with admin or show_all',
        querystring: MerchandiseItemsQuery,
        response: { 200: z.array(MerchandiseItemOutput) },
      },
    },
    async (request) => {
      const { restaurant_id, ...query } = request.query;
      return merchandise.listItems(app.deps, viewer(request), storefrontRestaurantId(app.config, request, restaurant_id), query);
    },
  );

  app.get(
    '/merchandise_items/:id',
    {
      preHandler: identify,
      schema: {
        tags,
        summary: 'One item with its variants (include_stock is accepted; stock is always included)',
        params: idParams,
        querystring: z.object({ include_stock: z.string().optional() }),
        response: { 200: MerchandiseItemOutput, 404: ErrorOutput },
      },
    },
    async (request) => merchandise.getItem(app.deps, viewer(request), request.params.id),
  );

  app.get(
    '/merchandise_items/:id/variants',
    {
      preHandler: identify,
      schema: { tags, summary: "An item's variants, sizes in XS … 5XL order", params: idParams, response: { 200: z.array(MerchandiseVariantOutput), 404: ErrorOutput } },
    },
    async (request) => merchandise.listVariants(app.deps, viewer(request), request.params.id),
  );

  app.get(
    '/merchandise_collections',
    {
      preHandler: identify,
      schema: {
        tags,
        summary: 'Active collections (all of them for admins with show_all); the first active one is marked current',
        querystring: MerchandiseCollectionsQuery,
        response: { 200: z.array(MerchandiseCollectionOutput) },
      },
    },
    async (request) =>
      merchandise.listCollections(app.deps, viewer(request), storefrontRestaurantId(app.config, request, request.query.restaurant_id), request.query.show_all),
  );

  app.get(
    '/categories',
    {
      schema: {
        tags,
        summary: 'Merchandise categories: the category names of visible items, with counts',
        querystring: restaurantQuery,
        response: { 200: z.array(MerchandiseCategoryOutput) },
      },
    },
    async (request) => merchandise.listCategories(app.deps, storefrontRestaurantId(app.config, request, request.query.restaurant_id)),
  );

  // ── Admin: items ──────────────────────────────────────────────────────────────────────────

  app.post(
    '/merchandise_items',
    {
      preHandler: admin,
      schema: { tags, summary: 'Create an item with its variants and images (admins)', description: FORM_HELP, consumes: formTypes, security: bearer, response: { 201: MerchandiseItemOutput, ...uploadErrors } },
    },
    async (request, reply) => {
      const form = await readItemForm(request);
      const input = parseFields(MerchandiseItemCreateInput, form.fields);
      return reply.code(201).send(await merchandise.createItem(app.deps, requireAuth(request).user, input, form));
    },
  );

  app.patch(
    '/merchandise_items/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Update an item (admins); hide and show with hidden true or false; blank additional_images[] clears them',
        description: FORM_HELP,
        consumes: formTypes,
        security: bearer,
        params: idParams,
        response: { 200: MerchandiseItemOutput, ...uploadErrors },
      },
    },
    async (request) => {
      const form = await readItemForm(request);
      const input = parseFields(MerchandiseItemUpdateInput, form.fields);
      return merchandise.updateItem(app.deps, requireAuth(request).user, request.params.id, input, form);
    },
  );

  app.delete(
    '/merchandise_items/:id',
    {
      preHandler: admin,
      schema: { tags, summary: 'Delete an item and its variants; its stock history stays (admins)', security: bearer, params: idParams, response: { 204: z.null().describe('Deleted'), ...writeErrors } },
    },
    async (request, reply) => {
      await merchandise.deleteItem(app.deps, requireAuth(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/merchandise_items/:id/upload_image',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: "Replace an item's main image (multipart field image; JPEG, PNG, WebP or GIF up to 5 MB) (admins)",
        consumes: ['multipart/form-data'],
        security: bearer,
        params: idParams,
        response: { 200: MerchandiseItemOutput, ...uploadErrors },
      },
    },
    async (request) => merchandise.uploadImage(app.deps, requireAuth(request).user, request.params.id, await readImageUpload(request)),
  );

  // ── Admin: stock ──────────────────────────────────────────────────────────────────────────

  app.post(
    '/merchandise_items/:id/mark_as_damaged',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Write off units of a variant (variant_id optional for an item with one variant); 409 when fewer are sellable (admins)',
        security: bearer,
        params: idParams,
        body: MarkAsDamagedInput,
        response: { 200: StockChangeOutput, ...writeErrors },
      },
    },
    async (request) => merchandise.markAsDamaged(app.deps, requireAuth(request).user, request.params.id, request.body),
  );

  app.post(
    '/merchandise_items/:id/update_stock',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: "Set a variant's stock count, with a reason kept in the audit trail (admins)",
        security: bearer,
        params: idParams,
        body: UpdateStockInput,
        response: { 200: StockChangeOutput, ...writeErrors },
      },
    },
    async (request) => merchandise.updateStock(app.deps, requireAuth(request).user, request.params.id, request.body),
  );

  app.post(
    '/merchandise_items/:id/variants/:variantId/update_stock',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: "Set one variant's stock count, with a reason (admins)",
        security: bearer,
        params: variantParams,
        body: VariantStockInput,
        response: { 200: StockChangeOutput, ...writeErrors },
      },
    },
    async (request) => merchandise.updateVariantStock(app.deps, requireAuth(request).user, request.params.id, request.params.variantId, request.body),
  );

  app.get(
    '/merchandise_items/:id/stock_events',
    {
      preHandler: admin,
      schema: { tags, summary: "An item's stock audit trail, newest first (admins)", security: bearer, params: idParams, response: { 200: z.array(StockEventOutput), ...writeErrors } },
    },
    async (request) => merchandise.listStockEvents(app.deps, requireAuth(request).user, request.params.id),
  );

  app.patch(
    '/merchandise_variants/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Update a variant: size, color, price_adjustment (dollars), stock and damaged counts with an optional reason (admins)',
        security: bearer,
        params: idParams,
        body: MerchandiseVariantUpdateInput,
        response: { 200: MerchandiseVariantOutput, ...writeErrors },
      },
    },
    async (request) => merchandise.updateVariant(app.deps, requireAuth(request).user, request.params.id, request.body.merchandise_variant),
  );

  app.delete(
    '/merchandise_variants/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        summary:
          'Delete a variant (admins). A variant that orders name is archived instead (archived: true): no longer sold or listed, kept for those orders, its stock untouched. The last variant of an item cannot be deleted (409).',
        security: bearer,
        params: idParams,
        response: { 200: MerchandiseVariantDeleteOutput, ...writeErrors },
      },
    },
    async (request) => merchandise.deleteVariant(app.deps, requireAuth(request).user, request.params.id),
  );
};
