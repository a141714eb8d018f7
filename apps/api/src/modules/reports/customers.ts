import { sql, type SQL } from 'drizzle-orm';
import { CUSTOMER_RECORDS_SHOWN, type CustomerDetailOutput, type CustomerDetailQuery, type CustomerListOutput, type CustomerListQuery, type CustomerSummary } from '@kusina/domain/customers';
import { AppError } from '../../lib/errors.ts';
import { scopeRestaurant, type SessionUser } from '../../lib/access.ts';
import * as guests from '../guests/service.ts';
import type { ServiceDeps } from '../../deps.ts';

/*
 * Customers (issue #37 item 3; decision 0128): the people in one restaurant's orders, fundraiser
 * orders and reservations, known by the e-mail they gave (lower case), or a booking's phone when it
 * gave none. Nothing from another restaurant is read: every statement is bounded by restaurant_id.
 */

type Deps = Pick<ServiceDeps, 'db'>;

const orderKey = sql`coalesce(nullif(lower(o.contact_email), ''), nullif(o.contact_phone, ''))`;
const shopKey = sql`coalesce(nullif(lower(w.customer_email), ''), nullif(w.customer_phone, ''))`;
const bookingKey = sql`coalesce(nullif(lower(x.contact_email), ''), nullif(x.contact_phone, ''))`;

/** Every record of the restaurant as one row (one statement's CTE), optionally only one customer's. */
function records(restaurantId: number, key: string | null): SQL {
  const only = (expr: SQL) => (key === null ? sql`` : sql` AND ${expr} = ${key}`);
  return sql`
    SELECT ${orderKey} AS key, o.contact_name AS name, nullif(lower(o.contact_email), '') AS email, nullif(o.contact_phone, '') AS phone,
           (o.user_id IS NOT NULL AND NOT o.is_staff_order) AS account, o.created_at AS at,
           1 AS orders, 0 AS shop, 0 AS bookings, o.total_cents - o.refunded_cents AS spent
      FROM orders o WHERE o.restaurant_id = ${restaurantId}${only(orderKey)}
    UNION ALL
    SELECT ${shopKey}, w.customer_name, nullif(lower(w.customer_email), ''), nullif(w.customer_phone, ''), w.user_id IS NOT NULL, w.created_at,
           0, 1, 0, CASE WHEN w.payment_status = 'pending' THEN 0 ELSE w.total_cents - w.refunded_cents END
      FROM wholesale_orders w WHERE w.restaurant_id = ${restaurantId}${only(shopKey)}
    UNION ALL
    SELECT ${bookingKey}, x.contact_name, nullif(lower(x.contact_email), ''), nullif(x.contact_phone, ''), false, x.created_at, 0, 0, 1, 0
      FROM reservations x WHERE x.restaurant_id = ${restaurantId}${only(bookingKey)}`;
}

const summaryColumns = sql`
  key,
  (array_agg(name ORDER BY at DESC))[1] AS name,
  (array_agg(email ORDER BY at DESC) FILTER (WHERE email IS NOT NULL))[1] AS email,
  (array_agg(phone ORDER BY at DESC) FILTER (WHERE phone IS NOT NULL))[1] AS phone,
  sum(orders)::int AS orders, sum(shop)::int AS shop, sum(bookings)::int AS bookings, sum(spent)::float8 AS spent,
  max(at) AS last_seen, bool_or(account) AS account`;

type SummaryRow = {
  key: string;
  name: string;
  email: string | null;
  phone: string | null;
  orders: number;
  shop: number;
  bookings: number;
  spent: number;
  last_seen: Date | string;
  account: boolean;
};

const toSummary = (r: SummaryRow): CustomerSummary => ({
  key: r.key,
  name: r.name,
  email: r.email,
  phone: r.phone,
  orders: r.orders,
  fundraiser_orders: r.shop,
  reservations: r.bookings,
  spent_cents: Number(r.spent),
  last_seen_at: new Date(r.last_seen).toISOString(),
  has_account: r.account,
});

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /admin/customers?q=&page=&per_page=: the restaurant's customers, the most recently seen first. */
export async function listCustomers(deps: Deps, user: SessionUser, query: CustomerListQuery): Promise<CustomerListOutput> {
  const restaurantId = scopeRestaurant(user, query.restaurant_id, 'admin');
  const q = query.q?.trim() ?? '';
  const digits = q.replace(/\D/g, '');
  const like = `%${escapeLike(q)}%`;
  const match =
    q === ''
      ? sql`true`
      : sql`bool_or(name ILIKE ${like} OR email ILIKE ${like}${digits.length >= 3 ? sql` OR translate(coalesce(phone, ''), '+-(). ', '') LIKE ${`%${digits}%`}` : sql``})`;
  const offset = (query.page - 1) * query.per_page;
  // One pass sums every customer (a hash aggregate, no sorting per customer); the names, e-mails and
  // phones they gave last are looked up for the page's customers only.
  const { rows } = await deps.db.execute<SummaryRow & { total: number }>(sql`
    WITH records AS MATERIALIZED (${records(restaurantId, null)}),
    customers AS (
      SELECT key, sum(orders)::int AS orders, sum(shop)::int AS shop, sum(bookings)::int AS bookings, sum(spent)::float8 AS spent,
             max(at) AS last_seen, bool_or(account) AS account
        FROM records WHERE key IS NOT NULL GROUP BY key HAVING ${match}
    ),
    page AS (SELECT * FROM customers ORDER BY last_seen DESC, key LIMIT ${query.per_page} OFFSET ${offset}),
    named AS (
      SELECT r.key,
             (array_agg(r.name ORDER BY r.at DESC))[1] AS name,
             (array_agg(r.email ORDER BY r.at DESC) FILTER (WHERE r.email IS NOT NULL))[1] AS email,
             (array_agg(r.phone ORDER BY r.at DESC) FILTER (WHERE r.phone IS NOT NULL))[1] AS phone
        FROM records r WHERE r.key IN (SELECT key FROM page) GROUP BY r.key
    )
    SELECT t.total::int AS total, c.*
      FROM (SELECT count(*) AS total FROM customers) t
      LEFT JOIN LATERAL (SELECT page.*, named.name, named.email, named.phone FROM page JOIN named USING (key) ORDER BY page.last_seen DESC, page.key) c ON true`);
  const total = rows[0]?.total ?? 0;
  return { customers: rows.filter((r) => r.key !== null).map(toSummary), page: query.page, per_page: query.per_page, total };
}

/** GET /admin/customers/detail?key=: one customer's orders, fundraiser orders and reservations at the restaurant, and their guest profile. */
export async function customerDetail(deps: Pick<ServiceDeps, 'db'>, user: SessionUser, query: CustomerDetailQuery): Promise<CustomerDetailOutput> {
  const restaurantId = scopeRestaurant(user, query.restaurant_id, 'admin');
  const key = query.key.includes('@') ? query.key.toLowerCase() : query.key;
  const [summary] = (
    await deps.db.execute<SummaryRow>(sql`
      WITH records AS (${records(restaurantId, key)})
      SELECT ${summaryColumns} FROM records GROUP BY key`)
  ).rows;
  if (!summary) throw AppError.notFound('No customer with that e-mail or phone at this restaurant.');

  const orders = await deps.db.execute<{ id: number; order_number: string; status: string; total_cents: number; refunded_cents: number; created_at: Date | string; is_staff_order: boolean }>(sql`
    SELECT o.id, o.order_number, o.status, o.total_cents, o.refunded_cents, o.created_at, o.is_staff_order
      FROM orders o WHERE o.restaurant_id = ${restaurantId} AND ${orderKey} = ${key}
     ORDER BY o.created_at DESC, o.id DESC LIMIT ${CUSTOMER_RECORDS_SHOWN}`);
  const shop = await deps.db.execute<{ id: number; order_number: string; fundraiser: string; participant: string | null; status: string; total_cents: number; refunded_cents: number; created_at: Date | string }>(sql`
    SELECT w.id, w.order_number, f.name AS fundraiser, p.name AS participant, w.status, w.total_cents, w.refunded_cents, w.created_at
      FROM wholesale_orders w JOIN wholesale_fundraisers f ON f.id = w.fundraiser_id LEFT JOIN wholesale_participants p ON p.id = w.participant_id
     WHERE w.restaurant_id = ${restaurantId} AND ${shopKey} = ${key}
     ORDER BY w.created_at DESC, w.id DESC LIMIT ${CUSTOMER_RECORDS_SHOWN}`);
  const bookings = await deps.db.execute<{ id: number; reservation_number: string; start_time: Date | string; party_size: number; status: string; source: string }>(sql`
    SELECT x.id, x.reservation_number, x.start_time, x.party_size, x.status, x.source
      FROM reservations x WHERE x.restaurant_id = ${restaurantId} AND ${bookingKey} = ${key}
     ORDER BY x.start_time DESC, x.id DESC LIMIT ${CUSTOMER_RECORDS_SHOWN}`);

  // The dining room's notes about this guest (the guests module), when it has any.
  const base = toSummary(summary);
  const profile = await guests.guestProfile(deps, user, { phone: base.phone ?? undefined, email: base.email ?? undefined, restaurant_id: restaurantId });
  const known = profile.notes !== null || profile.tags.length > 0 || profile.visits + profile.no_shows + profile.cancellations > 0;
  const iso = (v: Date | string) => new Date(v).toISOString();
  return {
    ...base,
    order_list: orders.rows.map((o) => ({ ...o, created_at: iso(o.created_at) })),
    fundraiser_order_list: shop.rows.map((w) => ({ ...w, created_at: iso(w.created_at) })),
    reservation_list: bookings.rows.map((b) => ({ ...b, start_time: iso(b.start_time) })),
    guest_profile: known ? { notes: profile.notes, tags: profile.tags, visits: profile.visits, no_shows: profile.no_shows, cancellations: profile.cancellations } : null,
  };
}
