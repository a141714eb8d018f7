import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { normaliseOrderNumber, type OrderLookupInput } from '@kusina/domain/wholesale';
import type { DbOrTx } from '../../db/client.ts';
import { wholesaleFundraisers, wholesaleOrderLookupTokens, wholesaleOrders } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import type { ServiceDeps } from '../../deps.ts';
import { hit } from '../../lib/limits.ts';
import { enqueueNotifications, withinDestinationLimits, type NotificationMessage } from '../notifications/service.ts';

/*
 * A guest finding a fundraiser order again (issue #36 item 8, decision 0123): they give the e-mail
 * and the order number; when both match an order of this restaurant, a link to it is e-mailed
 * through the outbox. The answer never says whether anything matched. The link's token is kept only
 * as its SHA-256 and opens the order (as the confirmation's token does) until it expires.
 */

/** How long an e-mailed lookup link opens its order. */
export const LOOKUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

export function hashLookupToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type LookupDeps = Pick<ServiceDeps, 'db' | 'pool' | 'config' | 'boss' | 'clock' | 'log'>;

/**
 * Looks the order up and, when it matches, e-mails its link. Every lookup counts against its
 * e-mail address (MESSAGES_PER_DESTINATION_PER_HOUR lookups an hour, matched or not, so no one can
 * guess order numbers for an address), and the e-mail itself against the address's message limits;
 * past either, nothing is sent and the answer is the same.
 */
export async function requestOrderLink(deps: LookupDeps, restaurantId: number, input: OrderLookupInput): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const now = deps.clock();
  const [attempts] = await hit(deps.pool, now, [{ scope: 'order-lookup', key: `email:${email}`, max: deps.config.MESSAGES_PER_DESTINATION_PER_HOUR, windowMs: HOUR }]);
  if (!attempts || attempts.hits > attempts.max) return;
  const [order] = await deps.db
    .select({ id: wholesaleOrders.id, restaurantId: wholesaleOrders.restaurantId, userId: wholesaleOrders.userId, orderNumber: wholesaleOrders.orderNumber, customerName: wholesaleOrders.customerName, customerEmail: wholesaleOrders.customerEmail, fundraiserName: wholesaleFundraisers.name })
    .from(wholesaleOrders)
    .innerJoin(wholesaleFundraisers, eq(wholesaleFundraisers.id, wholesaleOrders.fundraiserId))
    .where(and(eq(wholesaleOrders.restaurantId, restaurantId), eq(wholesaleOrders.orderNumber, normaliseOrderNumber(input.order_number).toUpperCase()), sql`lower(${wholesaleOrders.customerEmail}) = ${email}`))
    .limit(1);
  if (!order) return;
  const token = randomBytes(32).toString('base64url');
  const link = `${deps.config.publicUrl}/wholesale/orders/${order.id}?token=${token}`;
  const bodyWith = (shown: string) =>
    `Hafa adai ${order.customerName},\n\nHere is the link to your ${order.fundraiserName} order ${order.orderNumber}: ${shown}\n\nIt works for 24 hours. If you did not ask for it, you can ignore this e-mail.`;
  const message: NotificationMessage = {
    restaurantId: order.restaurantId,
    userId: order.userId,
    channel: 'email',
    recipient: order.customerEmail,
    subject: `Your ${order.fundraiserName} order ${order.orderNumber}`,
    body: bodyWith(link),
    // The outbox shows it without the link (a secret: it opens the order), as reset links (decision 0086).
    redactedBody: bodyWith('[order link hidden]'),
    template: 'wholesale_order_lookup',
  };
  await transaction(deps.pool, async ({ tx, client }) => {
    const { allowed } = await withinDestinationLimits(deps, [message], client);
    if (allowed.length === 0) return;
    await tx.insert(wholesaleOrderLookupTokens).values({ orderId: order.id, tokenHash: hashLookupToken(token), expiresAt: new Date(now.getTime() + LOOKUP_LINK_TTL_MS) });
    await enqueueNotifications({ tx, client, boss: deps.boss }, allowed);
  });
  // The order's id only: the address and the token stay out of the log.
  deps.log.info({ orderId: order.id }, 'wholesale order link e-mailed after a lookup');
}

/** Whether `token` is an unexpired lookup link of this order. */
export async function lookupTokenOpens(db: DbOrTx, now: Date, orderId: number, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ id: wholesaleOrderLookupTokens.id })
    .from(wholesaleOrderLookupTokens)
    .where(and(eq(wholesaleOrderLookupTokens.tokenHash, hashLookupToken(token)), eq(wholesaleOrderLookupTokens.orderId, orderId), gt(wholesaleOrderLookupTokens.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}
