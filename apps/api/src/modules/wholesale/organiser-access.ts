import { eq } from 'drizzle-orm';
import { WholesaleMessages } from '@kusina/domain/wholesale';
import { wholesaleParticipants } from '../../db/schema/index.ts';
import type { ServiceDeps } from '../../deps.ts';
import type { SessionUser } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { organisedFundraiserIds, type OrganisedFundraiser } from '../accounts/service.ts';
import { findFundraiser } from './repository.ts';

/**
 * What an organiser (decision 0124) may do in fundraiser management, route by route. A route
 * without a rule is the restaurant's (fundraisers' details, items, stock, uploads of the shop,
 * order status changes, organisers): an organiser gets 403 before the body is read. A rule names
 * where the route's fundraiser is found, and that fundraiser must be one assigned to them.
 *
 * - list: the route answers only the organiser's fundraisers (the handler narrows it);
 * - fundraiser: `:id` is a fundraiser id;
 * - participant: `:id` is a participant id (its fundraiser is looked up);
 * - orders: `?fundraiser_id`, when given, must be theirs; the handler narrows the rest;
 * - upload: an image for a participant's photo (belongs to no fundraiser).
 */
export type OrganiserRule = 'list' | 'fundraiser' | 'participant' | 'orders' | 'upload';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Whether and how organisers may call this management route (decision 0124). */
    organiser?: OrganiserRule;
  }
}

export const ORGANISER_REFUSED = 'Organisers manage only the participants, orders, pick list, dashboard and payout statement of their own fundraisers.';
export const OTHER_FUNDRAISER = 'You do not organise this fundraiser.';

function positiveInt(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * Checks an organiser's request against the route's rule (read from the database on every
 * request, so a removed assignment ends access at once) and returns the fundraisers it may see.
 * Raw params and query (this runs before the body and the schema's parsing).
 */
export async function organiserScope(
  deps: Pick<ServiceDeps, 'db'>,
  user: SessionUser,
  rule: OrganiserRule | undefined,
  params: Record<string, unknown>,
  query: Record<string, unknown>,
): Promise<number[]> {
  if (!rule) throw AppError.forbidden(ORGANISER_REFUSED);
  const ids = await organisedFundraiserIds(deps, user.id);
  const mine = (id: number | null) => {
    if (id === null || !ids.includes(id)) throw AppError.forbidden(OTHER_FUNDRAISER);
  };
  if (rule === 'fundraiser') mine(positiveInt(params.id));
  if (rule === 'participant') {
    const id = positiveInt(params.id);
    const [row] = id === null ? [] : await deps.db.select({ fundraiserId: wholesaleParticipants.fundraiserId }).from(wholesaleParticipants).where(eq(wholesaleParticipants.id, id));
    mine(row?.fundraiserId ?? null);
  }
  if (rule === 'orders' && query.fundraiser_id !== undefined) mine(positiveInt(query.fundraiser_id));
  return ids;
}

/** A fundraiser of the restaurant, as the organiser invites need it; 404 for another restaurant's. */
export async function managedFundraiser(deps: Pick<ServiceDeps, 'db'>, restaurantId: number, id: number): Promise<OrganisedFundraiser> {
  const row = await findFundraiser(deps.db, id);
  if (!row || row.restaurantId !== restaurantId) throw AppError.notFound(WholesaleMessages.fundraiserNotAvailable);
  return { id: row.id, name: row.name, restaurantId: row.restaurantId };
}
