import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gte, lt, or } from 'drizzle-orm';
import { restaurantDay } from '@kusina/domain/menu-calendar';
import { smsAllowed } from '@kusina/domain/phone';
import { partySizeLimits } from '@kusina/domain/reservation-availability';
import { smsCountryCodes, smsCountryMessage } from '@kusina/domain/restaurants';
import {
  WaitlistEvents,
  WaitlistMessages,
  type WaitlistEntryCreateInput,
  type WaitlistEntryOutput,
  type WaitlistGuestJoinInput,
  type WaitlistGuestJoinOutput,
  type WaitlistGuestView,
  type WaitlistJoinInfo,
  type WaitlistQuoteOutput,
  type WaitlistQuoteQuery,
} from '@kusina/domain/waitlist';
import { AccountMessages } from '@kusina/domain/messages';
import { waitlistEntries } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { type SessionUser, scopeRestaurant } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueueNotifications, withinDestinationLimits, type NotificationMessage } from '../notifications/service.ts';
import { adminMaxPartySize, announceWaitlistChange, createWaitlistEntry, waitlistEntryView, writeWaitlistMove, type WaitlistEntryRow } from '../reservations/service.ts';
import { getRestaurant } from '../restaurants/service.ts';
import { quoteFromFloor } from './quotes.ts';
import type { ServiceDeps } from '../../deps.ts';

/*
 * The waitlist at the host stand and on the guest's phone (issue #35 item 5; decisions 0107, 0108):
 * quotes worked out from the floor, the table-ready text, and the guest's own join and follow link.
 * The rows and their status moves stay in reservations/waitlist.ts (seating moves them too); this
 * module sits above seating's turn times and the floor, which a quote reads.
 */

const fieldError = (field: string, message: string, status = 422) => new AppError('VALIDATION_ERROR', status, message, { fields: { [field]: message } });

/** The follow link's token is kept only as its hash: a copy of the database follows no one. */
export const hashGuestToken = (token: string) => createHash('sha256').update(token).digest('hex');

const quoter = (deps: ServiceDeps, partySize: number) => async (restaurantId: number) => {
  const restaurant = await getRestaurant(deps, restaurantId);
  return (await quoteFromFloor(deps.db, restaurant, partySize, deps.clock())).minutes;
};

/** POST /waitlist_entries: staff add a walk-in; the server quotes its wait from the floor. */
export async function addToWaitlist(deps: ServiceDeps, user: SessionUser, input: WaitlistEntryCreateInput): Promise<WaitlistEntryOutput> {
  const restaurantId = scopeRestaurant(user, input.restaurant_id);
  return createWaitlistEntry(deps, user, restaurantId, input, { quote: quoter(deps, input.party_size), source: 'staff' });
}

/** GET /waitlist_entries/quote: what a party joining now would be quoted (the add dialog shows it). */
export async function previewQuote(deps: ServiceDeps, user: SessionUser, query: WaitlistQuoteQuery): Promise<WaitlistQuoteOutput> {
  const restaurant = await getRestaurant(deps, scopeRestaurant(user, query.restaurant_id));
  const quote = await quoteFromFloor(deps.db, restaurant, query.party_size, deps.clock());
  return { party_size: query.party_size, quoted_wait_minutes: quote.minutes, parties_ahead: quote.partiesAhead };
}

function tableReadyText(restaurantName: string, row: WaitlistEntryRow): string {
  const party = `${row.partySize} ${row.partySize === 1 ? 'guest' : 'guests'}`;
  return `${restaurantName}: ${row.contactName}, your table for ${party} is ready. Please come to the host stand.`;
}

/**
 * POST /waitlist_entries/{id}/notify: texts a waiting party that its table is ready, through the
 * outbox in the transaction that records notified_at. The number must be one the restaurant texts,
 * and each number is held to its per-destination limit: past it nothing is sent or recorded (429).
 */
export async function notifyWaitlistEntry(deps: ServiceDeps, user: SessionUser, id: number): Promise<WaitlistEntryOutput> {
  const scope = user.role === 'super_admin' ? eq(waitlistEntries.id, id) : and(eq(waitlistEntries.id, id), eq(waitlistEntries.restaurantId, user.restaurantId));
  const [existing] = await deps.db.select({ restaurantId: waitlistEntries.restaurantId }).from(waitlistEntries).where(scope).limit(1);
  if (!existing) throw AppError.notFound(WaitlistMessages.notFound);
  const restaurant = await getRestaurant(deps, existing.restaurantId);
  const codes = smsCountryCodes(restaurant.adminSettings);
  const now = deps.clock();
  const row = await transaction(deps.pool, async ({ tx, client }) => {
    const [current] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).for('update');
    if (!current) throw AppError.notFound(WaitlistMessages.notFound);
    if (current.status !== 'waiting') throw fieldError('status', WaitlistMessages.notWaiting);
    if (!current.contactPhone) throw fieldError('contact_phone', WaitlistMessages.noPhone);
    if (!smsAllowed(current.contactPhone, codes)) throw fieldError('contact_phone', smsCountryMessage(codes));
    const message: NotificationMessage = { restaurantId: restaurant.id, channel: 'sms', recipient: current.contactPhone, body: tableReadyText(restaurant.name, current), template: 'waitlist_table_ready' };
    const { allowed, retryAfterSeconds } = await withinDestinationLimits(deps, [message], client);
    if (allowed.length === 0) throw AppError.tooManyRequests(AccountMessages.tooManyMessages, { retry_after_seconds: retryAfterSeconds });
    await enqueueNotifications({ tx, client, boss: deps.boss }, allowed);
    const [updated] = await tx.update(waitlistEntries).set({ notifiedAt: now }).where(eq(waitlistEntries.id, id)).returning();
    return updated!;
  });
  const view = waitlistEntryView(row);
  announceWaitlistChange(deps, WaitlistEvents.updated, view);
  return view;
}

// ── The guest's own link (decision 0108) ─────────────────────────────────────────────────

function guestMaxParty(restaurant: Parameters<typeof adminMaxPartySize>[0]): number {
  return partySizeLimits(adminMaxPartySize(restaurant), Number.MAX_SAFE_INTEGER).admin;
}

/** GET /public/waitlist_join: the restaurant's name, its largest party and how many wait now. */
export async function joinInfo(deps: ServiceDeps, restaurantId: number): Promise<WaitlistJoinInfo> {
  const restaurant = await getRestaurant(deps, restaurantId);
  const day = restaurantDay(deps.clock(), restaurant.timeZone);
  const [waiting] = await deps.db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.restaurantId, restaurantId), eq(waitlistEntries.status, 'waiting'), gte(waitlistEntries.checkInTime, new Date(day.startsAt)), lt(waitlistEntries.checkInTime, new Date(day.endsAt))));
  return { restaurant_id: restaurant.id, restaurant_name: restaurant.name, max_party_size: guestMaxParty(restaurant), parties_waiting: waiting?.n ?? 0 };
}

/**
 * POST /public/waitlist_entries: a guest joins the line from the link at the host stand. Checked as
 * a staff add is (the largest party), and the phone must be one the restaurant texts (the table-ready
 * text goes there). Answers the follow link's token once; only its hash is stored.
 */
export async function guestJoin(deps: ServiceDeps, restaurantId: number, input: WaitlistGuestJoinInput): Promise<WaitlistGuestJoinOutput> {
  const restaurant = await getRestaurant(deps, restaurantId);
  const codes = smsCountryCodes(restaurant.adminSettings);
  if (!smsAllowed(input.contact_phone, codes)) throw fieldError('contact_phone', smsCountryMessage(codes), 400);
  const token = randomBytes(32).toString('base64url');
  await createWaitlistEntry(
    deps,
    null,
    restaurantId,
    { contact_name: input.contact_name, contact_phone: input.contact_phone, party_size: input.party_size, notes: null, location_id: null },
    { quote: quoter(deps, input.party_size), source: 'guest', guestTokenHash: hashGuestToken(token) },
  );
  return { token, entry: await followWaitlist(deps, token) };
}

async function entryByToken(deps: ServiceDeps, token: string): Promise<WaitlistEntryRow> {
  const [row] = await deps.db.select().from(waitlistEntries).where(eq(waitlistEntries.guestTokenHash, hashGuestToken(token))).limit(1);
  if (!row) throw AppError.notFound(WaitlistMessages.linkNotFound);
  return row;
}

/** GET /public/waitlist/{token}: the guest's own entry and place in line (1 = next). */
export async function followWaitlist(deps: ServiceDeps, token: string): Promise<WaitlistGuestView> {
  const row = await entryByToken(deps, token);
  return guestView(deps, row);
}

async function guestView(deps: ServiceDeps, row: WaitlistEntryRow): Promise<WaitlistGuestView> {
  const restaurant = await getRestaurant(deps, row.restaurantId);
  const day = restaurantDay(row.checkInTime, restaurant.timeZone);
  const ahead =
    row.status !== 'waiting'
      ? 0
      : ((
          await deps.db
            .select({ n: count() })
            .from(waitlistEntries)
            .where(
              and(
                eq(waitlistEntries.restaurantId, row.restaurantId),
                eq(waitlistEntries.status, 'waiting'),
                gte(waitlistEntries.checkInTime, new Date(day.startsAt)),
                or(lt(waitlistEntries.checkInTime, row.checkInTime), and(eq(waitlistEntries.checkInTime, row.checkInTime), lt(waitlistEntries.id, row.id))),
              ),
            )
        )[0]?.n ?? 0);
  return {
    restaurant_id: restaurant.id,
    restaurant_name: restaurant.name,
    contact_name: row.contactName,
    party_size: row.partySize,
    status: row.status,
    place: row.status === 'waiting' ? ahead + 1 : null,
    parties_ahead: ahead,
    quoted_wait_minutes: row.quotedWaitMinutes,
    check_in_time: row.checkInTime.toISOString(),
    notified_at: row.notifiedAt?.toISOString() ?? null,
  };
}

/** POST /public/waitlist/{token}/leave: the guest leaves the line (removed); leaving twice is fine. */
export async function leaveWaitlist(deps: ServiceDeps, token: string): Promise<WaitlistGuestView> {
  const found = await entryByToken(deps, token);
  const now = deps.clock();
  const { row, changed } = await transaction(deps.pool, async ({ tx }) => {
    const [current] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, found.id)).for('update');
    if (!current) throw AppError.notFound(WaitlistMessages.linkNotFound);
    if (current.status === 'removed') return { row: current, changed: false };
    // A party already seated (or called and gone) cannot leave a line it is no longer in.
    if (current.status !== 'waiting') throw fieldError('status', WaitlistMessages.transition(current.status, 'removed'));
    return { row: await writeWaitlistMove(tx, current, 'removed', now), changed: true };
  });
  if (changed) announceWaitlistChange(deps, WaitlistEvents.updated, waitlistEntryView(row));
  return guestView(deps, row);
}
