import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coercedInt4 } from '@kusina/domain/integers';
import { ErrorOutput } from '@kusina/domain/errors';
import { MenuCategoryOutput, MenuItemOutput, MenuOutput, MenuQuery, OptionGroupOutput, OptionOutput } from '@kusina/domain/menu';
import {
  MenuCategoryCreateInput,
  MenuCategoryUpdateInput,
  MenuItemCreateInput,
  MenuItemStockInput,
  MenuItemUpdateInput,
  OptionCreateInput,
  OptionGroupCreateInput,
  OptionGroupUpdateInput,
  OptionStockInput,
  OptionUpdateInput,
} from '@kusina/domain/menu-inputs';
import { requireAdmin, requireAuth, requireStaff } from '../../plugins/auth.ts';
import { storefrontRestaurantId } from '../restaurants/service.ts';
import * as menu from './service.ts';
import { acceptsGzip } from '../../lib/accept-encoding.ts';
import { gzipped } from './cache.ts';

const tags = ['menu'];
const bearer = [{ bearer: [] }];
const idParams = z.object({ id: coercedInt4().positive() });
const restaurantQuery = z.object({ restaurant_id: coercedInt4().positive().optional() });
const writeErrors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput, 422: ErrorOutput };
const deleted = { 204: z.null().describe('Deleted'), ...writeErrors };

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireAdmin(app);
  const staff = requireStaff(app);

  // ── Public reads ──────────────────────────────────────────────────────────────────────────

  app.get(
    '/menu',
    {
      // Served from memory for a while if the database goes away (read-only grace, 0088).
      onSend: app.readGrace.remember,
      schema: {
        tags,
        summary: 'The active menu of a restaurant: categories and every item with its option groups',
        description:
          'Items are ordered by category position, then item position. Served from a per-restaurant cache (invalidated on every catalog write, across nodes); send If-None-Match for a 304.',
        querystring: MenuQuery,
        response: { 200: MenuOutput, 304: z.null().describe('Not modified'), 404: ErrorOutput },
      },
    },
    async (request, reply) => {
      const { restaurant_id, ...filter } = request.query;
      const body = await menu.getMenuBody(app.deps, storefrontRestaurantId(app.config, request, restaurant_id), filter);
      reply.header('cache-control', 'no-cache').header('etag', body.etag).header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === body.etag) return reply.code(304).send(null);
      // Browsers accept gzip: they get the copy compressed once per cache fill (about a sixth of the bytes).
      if (acceptsGzip(request.headers['accept-encoding'])) {
        // A Buffer is sent as it is (no serializer runs), so the untyped reply view is the honest one.
        const raw: FastifyReply = reply;
        return raw.type('application/json; charset=utf-8').header('content-encoding', 'gzip').send(gzipped(body));
      }
      // The body was serialized (and checked against MenuOutput in tests) once per cache fill.
      return reply
        .type('application/json; charset=utf-8')
        .serializer(() => body.json)
        .send(body.value);
    },
  );

  app.get(
    '/menu_items/:id',
    {
      // Served from memory for a while if the database goes away (read-only grace, 0088).
      onSend: app.readGrace.remember,
      schema: {
        tags,
        summary: "One item of the restaurant's active menu",
        params: idParams,
        querystring: restaurantQuery,
        response: { 200: MenuItemOutput, 404: ErrorOutput },
      },
    },
    async (request) =>
      menu.getMenuItem(app.deps, storefrontRestaurantId(app.config, request, request.query.restaurant_id), request.params.id),
  );

  app.get(
    '/menu_categories',
    {
      // Served from memory for a while if the database goes away (read-only grace, 0088).
      onSend: app.readGrace.remember,
      schema: {
        tags,
        summary: "The categories of the restaurant's active menu, in position order",
        querystring: restaurantQuery,
        response: { 200: z.array(MenuCategoryOutput), 404: ErrorOutput },
      },
    },
    async (request) => menu.listCategories(app.deps, storefrontRestaurantId(app.config, request, request.query.restaurant_id)),
  );

  // ── Admin: categories ─────────────────────────────────────────────────────────────────────

  app.post(
    '/menu_categories',
    {
      preHandler: admin,
      schema: { tags, summary: 'Create a category (admins)', security: bearer, body: MenuCategoryCreateInput, response: { 201: MenuCategoryOutput, ...writeErrors } },
    },
    async (request, reply) => reply.code(201).send(await menu.createCategory(app.deps, requireAuth(request).user, request.body)),
  );

  app.patch(
    '/menu_categories/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Update a category (admins)',
        security: bearer,
        params: idParams,
        body: MenuCategoryUpdateInput,
        response: { 200: MenuCategoryOutput, ...writeErrors },
      },
    },
    async (request) => menu.updateCategory(app.deps, requireAuth(request).user, request.params.id, request.body),
  );

  app.delete(
    '/menu_categories/:id',
    {
      preHandler: admin,
      schema: { tags, summary: 'Delete a category; its items become uncategorised (admins)', security: bearer, params: idParams, response: deleted },
    },
    async (request, reply) => {
      await menu.deleteCategory(app.deps, requireAuth(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ── Admin: items ──────────────────────────────────────────────────────────────────────────

  app.post(
    '/menu_items',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Create a menu item (admins); price in dollars',
        security: bearer,
        body: MenuItemCreateInput,
        response: { 201: MenuItemOutput, ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await menu.createItem(app.deps, requireAuth(request).user, request.body)),
  );

  app.patch(
    '/menu_items/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Update a menu item (admins); price in dollars',
        security: bearer,
        params: idParams,
        body: MenuItemUpdateInput,
        response: { 200: MenuItemOutput, ...writeErrors },
      },
    },
    async (request) => menu.updateItem(app.deps, requireAuth(request).user, request.params.id, request.body),
  );

  app.delete(
    '/menu_items/:id',
    { preHandler: admin, schema: { tags, summary: 'Delete a menu item (admins)', security: bearer, params: idParams, response: deleted } },
    async (request, reply) => {
      await menu.deleteItem(app.deps, requireAuth(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/menu_items/:id/stock',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Set stock, damaged count, tracking and the available switch (staff and admins)',
        security: bearer,
        params: idParams,
        body: MenuItemStockInput,
        response: { 200: MenuItemOutput, ...writeErrors },
      },
    },
    async (request) => menu.updateItemStock(app.deps, requireAuth(request).user, request.params.id, request.body),
  );

  // ── Admin: option groups and options ──────────────────────────────────────────────────────

  app.post(
    '/menu_items/:id/option_groups',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Add an option group (optionally with its options) to an item (admins)',
        security: bearer,
        params: idParams,
        body: OptionGroupCreateInput,
        response: { 201: OptionGroupOutput, ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await menu.createOptionGroup(app.deps, requireAuth(request).user, request.params.id, request.body)),
  );

  app.patch(
    '/option_groups/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Update an option group (admins)',
        security: bearer,
        params: idParams,
        body: OptionGroupUpdateInput,
        response: { 200: OptionGroupOutput, ...writeErrors },
      },
    },
    async (request) => menu.updateOptionGroup(app.deps, requireAuth(request).user, request.params.id, request.body),
  );

  app.delete(
    '/option_groups/:id',
    { preHandler: admin, schema: { tags, summary: 'Delete an option group and its options (admins)', security: bearer, params: idParams, response: deleted } },
    async (request, reply) => {
      await menu.deleteOptionGroup(app.deps, requireAuth(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/option_groups/:id/options',
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Add an option to a group (admins); additional_price in dollars, null for the $2 default',
        security: bearer,
        params: idParams,
        body: OptionCreateInput,
        response: { 201: OptionOutput, ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await menu.createOption(app.deps, requireAuth(request).user, request.params.id, request.body)),
  );

  app.patch(
    '/options/:id',
    {
      preHandler: admin,
      schema: { tags, summary: 'Update an option (admins)', security: bearer, params: idParams, body: OptionUpdateInput, response: { 200: OptionOutput, ...writeErrors } },
    },
    async (request) => menu.updateOption(app.deps, requireAuth(request).user, request.params.id, request.body),
  );

  app.delete(
    '/options/:id',
    { preHandler: admin, schema: { tags, summary: 'Delete an option (admins)', security: bearer, params: idParams, response: deleted } },
    async (request, reply) => {
      await menu.deleteOption(app.deps, requireAuth(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/options/:id/stock',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: "Set an option's stock, damaged count and available switch (staff and admins)",
        security: bearer,
        params: idParams,
        body: OptionStockInput,
        response: { 200: OptionOutput, ...writeErrors },
      },
    },
    async (request) => menu.updateOptionStock(app.deps, requireAuth(request).user, request.params.id, request.body),
  );
};
