import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { GuestLookupQuery, GuestProfileInput, GuestProfileOutput, GuestSearchQuery, GuestVisit } from '@kusina/domain/guests';
import { guestProfiles, reservations, waitlistEntries } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { type SessionUser, scopeRestaurant } from '../../lib/access.ts';
import type { ServiceDeps } from '../../deps.ts';

/*
 * Guests remembered (issue #35 item 6; decision 0109). A guest is a phone or an e-mail at a
 * restaurant: their visits, no-shows and cancellations are counted from the reservations and waitlist
 * entries that carry it, across all dates; the profile row keeps only what staff note (notes, tags).
 */

interface Contact {
  phone: string | null;
  email: string | null;
}

const HISTORY = 10;
const VISIT = ['finished', 'seated'];

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function reservationMatch(restaurantId: number, c: Contact): SQL {
  const who = [c.phone ? eq(reservations.contactPhone, c.phone) : undefined, c.email ? sql`lower(${reservations.contactEmail}) = ${c.email}` : undefined].filter((x): x is SQL => x !== undefined);
  return and(eq(reservations.restaurantId, restaurantId), or(...who))!;
}

/** The guest's profile at a restaurant: counts and history from every date, and the staff's notes. */
async function profileFor(deps: Pick<ServiceDeps, 'db'>, restaurantId: number, contact: Contact): Promise<GuestProfileOutput> {
  const booked = await deps.db
    .select({ id: reservations.id, at: reservations.startTime, party: reservations.partySize, status: reservations.status, name: reservations.contactName, phone: reservations.contactPhone, email: reservations.contactEmail })
    .from(reservations)
    .where(reservationMatch(restaurantId, contact))
    .orderBy(desc(reservations.startTime));
  const waited = contact.phone
    ? await deps.db
        .select({ id: waitlistEntries.id, at: waitlistEntries.checkInTime, party: waitlistEntries.partySize, status: waitlistEntries.status, name: waitlistEntries.contactName })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.restaurantId, restaurantId), eq(waitlistEntries.contactPhone, contact.phone)))
        .orderBy(desc(waitlistEntries.checkInTime))
    : [];
  // Both keys of a guest count once we know them (a booking gives phone and e-mail together).
  const phone = contact.phone ?? booked.find((b) => b.phone)?.phone ?? null;
  const email = contact.email ?? booked.find((b) => b.email)?.email?.toLowerCase() ?? null;
  const keys = [phone ? eq(guestProfiles.phone, phone) : undefined, email ? eq(guestProfiles.email, email) : undefined].filter((x): x is SQL => x !== undefined);
  const [saved] = await deps.db
    .select()
    .from(guestProfiles)
    .where(and(eq(guestProfiles.restaurantId, restaurantId), or(...keys)))
    .orderBy(guestProfiles.id)
    .limit(1);

  const now = Date.now();
  const history: (GuestVisit & { name: string; time: number })[] = [
    ...booked.map((b) => ({ kind: 'reservation' as const, id: b.id, at: b.at.toISOString(), party_size: b.party, status: b.status, name: b.name, time: b.at.getTime() })),
    ...waited.map((w) => ({ kind: 'waitlist' as const, id: w.id, at: w.at.toISOString(), party_size: w.party, status: w.status, name: w.name, time: w.at.getTime() })),
  ].sort((a, b) => b.time - a.time);
  const visits = history.filter((h) => VISIT.includes(h.status) && h.time <= now);
  return {
    restaurant_id: restaurantId,
    phone: saved?.phone ?? phone,
    email: saved?.email ?? email,
    name: history[0]?.name ?? null,
    notes: saved?.notes ?? null,
    tags: saved?.tags ?? [],
    visits: visits.length,
    no_shows: history.filter((h) => h.status === 'no_show').length,
    cancellations: history.filter((h) => h.kind === 'reservation' && h.status === 'canceled').length,
    last_visit_at: visits[0]?.at ?? null,
    history: history.slice(0, HISTORY).map(({ kind, id, at, party_size, status }) => ({ kind, id, at, party_size, status })),
  };
}

/** GET /guests/profile?phone|email: the guest's profile (an empty one for a guest never seen). */
export async function guestProfile(deps: Pick<ServiceDeps, 'db'>, user: SessionUser, query: GuestLookupQuery): Promise<GuestProfileOutput> {
  return profileFor(deps, scopeRestaurant(user, query.restaurant_id), { phone: query.phone ?? null, email: query.email ?? null });
}

/**
 * PUT /guests/profile: staff write the guest's notes and tags. One row per guest: found by its phone,
 * else its e-mail; a key it did not have yet is added.
 */
export async function saveGuestProfile(deps: Pick<ServiceDeps, 'db' | 'pool'>, user: SessionUser, input: GuestProfileInput): Promise<GuestProfileOutput> {
  const restaurantId = scopeRestaurant(user, input.restaurant_id);
  const phone = input.phone ?? null;
  const email = input.email ?? null;
  const keys = [phone ? eq(guestProfiles.phone, phone) : undefined, email ? eq(guestProfiles.email, email) : undefined].filter((x): x is SQL => x !== undefined);
  await transaction(deps.pool, async ({ tx }) => {
    const [existing] = await tx
      .select()
      .from(guestProfiles)
      .where(and(eq(guestProfiles.restaurantId, restaurantId), or(...keys)))
      .orderBy(guestProfiles.id)
      .limit(1)
      .for('update');
    if (existing) {
      await tx
        .update(guestProfiles)
        .set({ notes: input.notes, tags: input.tags, ...(existing.phone ? {} : { phone }), ...(existing.email ? {} : { email }) })
        .where(eq(guestProfiles.id, existing.id));
    } else {
      await tx.insert(guestProfiles).values({ restaurantId, phone, email, notes: input.notes, tags: input.tags }).onConflictDoNothing();
    }
  });
  return profileFor(deps, restaurantId, { phone, email });
}

/**
 * GET /guests?q: guests whose name, phone or e-mail matches, across all dates (reservations and the
 * waitlist), each with its profile; at most 10, the most recently seen first.
 */
export async function searchGuests(deps: Pick<ServiceDeps, 'db'>, user: SessionUser, query: GuestSearchQuery): Promise<GuestProfileOutput[]> {
  const restaurantId = scopeRestaurant(user, query.restaurant_id);
  const like = `%${escapeLike(query.q)}%`;
  const digits = query.q.replace(/\D/g, '');
  const phoneLike = digits.length >= 3 ? `%${digits}%` : null;
  const booked = await deps.db
    .select({ phone: reservations.contactPhone, email: reservations.contactEmail, at: reservations.startTime })
    .from(reservations)
    .where(
      and(
        eq(reservations.restaurantId, restaurantId),
        or(ilike(reservations.contactName, like), ilike(reservations.contactEmail, like), phoneLike ? sql`regexp_replace(coalesce(${reservations.contactPhone}, ''), '\\D', '', 'g') like ${phoneLike}` : undefined),
      ),
    )
    .orderBy(desc(reservations.startTime))
    .limit(200);
  const waited = await deps.db
    .select({ phone: waitlistEntries.contactPhone, at: waitlistEntries.checkInTime })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.restaurantId, restaurantId),
        sql`${waitlistEntries.contactPhone} is not null`,
        or(ilike(waitlistEntries.contactName, like), phoneLike ? sql`regexp_replace(${waitlistEntries.contactPhone}, '\\D', '', 'g') like ${phoneLike}` : undefined),
      ),
    )
    .orderBy(desc(waitlistEntries.checkInTime))
    .limit(200);
  const seen = [...booked.map((b) => ({ phone: b.phone, email: b.email?.toLowerCase() ?? null, at: b.at.getTime() })), ...waited.map((w) => ({ phone: w.phone, email: null, at: w.at.getTime() }))]
    .filter((c) => c.phone || c.email)
    .sort((a, b) => b.at - a.at);
  // One guest per phone (else e-mail), the most recently seen first.
  const contacts = new Map<string, Contact>();
  for (const c of seen) {
    const key = c.phone ?? `email:${c.email}`;
    const known = contacts.get(key);
    if (!known) contacts.set(key, { phone: c.phone, email: c.email });
    else if (!known.email && c.email) known.email = c.email;
    if (contacts.size >= 10 && !known) break;
  }
  return Promise.all([...contacts.values()].slice(0, 10).map((c) => profileFor(deps, restaurantId, c)));
}
