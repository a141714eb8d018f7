import { transaction } from '../../db/transaction.ts';
import { canActFor } from '../../plugins/auth.ts';
import { cartCatalog, loadPricingCatalog, PricingCatalogs, type PricingCatalog } from './catalog-cache.ts';
import { locksStock } from './catalog.ts';
import { priceCart, type PricedCart } from './quote.ts';
import { insertBatchOrders, type BatchOrderWrite } from './repository.ts';
import { newAccessToken, orderWrite, placedAnswer, placeOrder, type OrderDeps, type PlaceOrderInput, type PlaceOrderResult } from './service.ts';

interface Waiting {
  input: PlaceOrderInput;
  resolve: (result: PlaceOrderResult) => void;
  reject: (error: unknown) => void;
}

/** What one batch did with each of its orders. */
export interface BatchOutcome {
  /** Placed by the batch's transaction (committed). */
  placed: { input: PlaceOrderInput; result: PlaceOrderResult }[];
  /** Left to placeOrder, one transaction each: anything the batch does not decide alone, or the whole batch if it failed. */
  alone: PlaceOrderInput[];
}

/**
 * Orders the batch never takes: a promo or VIP code (a use counted under lock), a staff order (its
 * discount is read and checked per order). They go straight to placeOrder.
 */
export function batchable(input: PlaceOrderInput): boolean {
  const { body } = input;
  return !body.promo_code && !body.vip_code && !body.staff_member_name && body.staff_discount_id === undefined;
}

/**
 * Several orders in ONE transaction of ONE round trip (group commit; decisions 0020, 0025, 0026):
 * what each order costs in round trips, statement start-up and COMMIT's WAL flush is paid once per
 * batch. Only the plainest orders are written here — a batchable cart (see `batchable`) of rows
 * whose stock nobody tracks, at a restaurant that is not VIP-only, paid with an authorized payment
 * of the local test processor (or nothing to pay) whose amount is exactly the recomputed total.
 * Every other order, and every order that any check refuses, leaves the batch untouched and is
 * answered by placeOrder on its own afterwards — so each answer, error message and released payment
 * is exactly the one-order path's.
 *
 * Before the transaction, each cart is priced with the same rules as placeOrder, from the
 * restaurant's cached catalog (`catalogs`, read once and kept; no query per batch). Then BEGIN,
 * one order statement for all of them (insertBatchOrders) and COMMIT are sent together: the
 * statement locks the payments in id order and checks each one itself (this restaurant's, unused,
 * authorized for the total, the test processor's capture rule), writes an order only if its
 * restaurant's catalog_version is still the one it was priced with, and skips an Idempotency-Key
 * that has placed an order (waiting for one being placed). One payment or key twice in a batch
 * leaves the batch after the first. Orders the statement did not write are placed alone, and
 * their restaurants' catalogs are read afresh by the next batch. If anything fails — the
 * statement, the COMMIT — nothing of the batch is written and every order is placed alone, where
 * the Idempotency-Key and the payment decide as they always do: no order is lost or placed twice.
 */
export async function placeBatch(deps: OrderDeps, inputs: PlaceOrderInput[], catalogs: PricingCatalogs): Promise<BatchOutcome> {
  const seen = new Set<string>();
  const inBatch: PlaceOrderInput[] = [];
  const alone: PlaceOrderInput[] = [];
  for (const input of inputs) {
    const payment = `payment ${input.body.payment_id.toLowerCase()}`;
    const key = `key ${input.restaurantId} ${input.idempotencyKey}`;
    if (!batchable(input) || seen.has(payment) || seen.has(key)) {
      alone.push(input);
      continue;
    }
    seen.add(payment).add(key);
    inBatch.push(input);
  }
  if (inBatch.length === 0) return { placed: [], alone };

  const restaurantIds = [...new Set(inBatch.map((input) => input.restaurantId))];
  // The batch's orders that it leaves to placeOrder after all.
  const left: PlaceOrderInput[] = [];
  try {
    const loaded = await Promise.all(restaurantIds.map((id) => catalogs.get(id)));
    const byRestaurant = new Map(restaurantIds.map((id, i) => [id, loaded[i] ?? null]));
    const placedAt = new Date();
    const writes: { input: PlaceOrderInput; write: BatchOrderWrite; priced: PricedCart }[] = [];
    for (const input of inBatch) {
      const write = await batchWrite(deps, input, byRestaurant.get(input.restaurantId)!, placedAt);
      if (write) writes.push({ input, ...write });
      else left.push(input);
    }
    if (writes.length === 0) return { placed: [], alone: [...alone, ...left] };
    // BEGIN (held back until the statement is sent), the statement and its COMMIT: one packet.
    const placed = await transaction(deps.pool, ({ client, commitNow }) =>
      insertBatchOrders(
        client,
        writes.map(({ write }) => write),
        { thenCommit: commitNow },
      ),
    );
    const outcome: BatchOutcome = { placed: [], alone: [...alone, ...left] };
    writes.forEach(({ input, priced }, i) => {
      const order = placed[i];
      if (order) outcome.placed.push({ input, result: placedAnswer(order, order.payment, priced) });
      else {
        outcome.alone.push(input);
        // Perhaps priced from a catalog that has changed since: the next batch reads it again.
        catalogs.forget(input.restaurantId);
      }
    });
    return outcome;
  } catch (error) {
    deps.log.warn({ err: error, orders: inBatch.length }, 'order batch failed; placing each of its orders alone');
    restaurantIds.forEach((id) => catalogs.forget(id));
    return { placed: [], alone: [...alone, ...inBatch] };
  }
}

/**
 * One order of a batch, priced from its restaurant's cached catalog: what the order statement
 * writes, or null when the order is not the batch's to decide (placeOrder answers it instead).
 */
async function batchWrite(
  deps: OrderDeps,
  input: PlaceOrderInput,
  catalog: PricingCatalog | null,
  placedAt: Date,
): Promise<{ write: BatchOrderWrite; priced: PricedCart } | null> {
  // No such restaurant, or a VIP code needed: placeOrder says so.
  if (!catalog || catalog.restaurant.vipOnlyCheckout) return null;
  const { restaurant } = catalog;
  const read = cartCatalog(catalog, input.body.items);
  if (locksStock(read)) return null;
  // No lock and no promo: priced from the cached rows, without a query.
  const priced = await priceCart(deps.db, restaurant, input.body.items, null, { now: placedAt, preloaded: read });
  if (priced.check.issues.length > 0) return null;
  const placer = { restaurant, isStaff: canActFor(input.auth?.user, restaurant.id) };
  const write = orderWrite(deps, input, placer, priced, { promo: null, vip: null }, { placedAt, accessToken: newAccessToken() });
  return { write: { ...write, payment: { id: input.body.payment_id, catalogVersion: restaurant.catalogVersion, capturedAt: placedAt } }, priced };
}

/**
 * POST /orders' way in: a per-process queue that places waiting orders in batches (placeBatch).
 * With no batch running, an order starts one at once, so a lone order waits for nothing. Under
 * load, up to `concurrency` batches run together (default 2: one in PostgreSQL while Node works
 * on the other), each taking every order waiting, up to `maxBatch`; a slot that frees while
 * another batch runs waits `gatherMs` (3 ms; decision 0013) for the orders on their way. Orders
 * the batch never takes go straight to placeOrder.
 */
export class OrderBatcher {
  readonly #deps: () => OrderDeps;
  readonly #maxBatch: number;
  readonly #concurrency: number;
  readonly #gatherMs: number;
  /** What this process's batches price from (catalog-cache.ts). */
  readonly catalogs: PricingCatalogs;
  readonly #waiting: Waiting[] = [];
  #running = 0;
  #gathering: NodeJS.Timeout | null = null;
  /** Batches run and orders they placed (for tests and diagnostics). */
  readonly stats = { batches: 0, placed: 0, largest: 0 };

  constructor(deps: () => OrderDeps, options: { maxBatch?: number; concurrency?: number; gatherMs?: number } = {}) {
    this.#deps = deps;
    this.#maxBatch = options.maxBatch ?? 32;
    this.#concurrency = options.concurrency ?? 2;
    this.#gatherMs = options.gatherMs ?? 3;
    this.catalogs = new PricingCatalogs((restaurantId) => loadPricingCatalog(this.#deps().db, restaurantId));
  }

  place(input: PlaceOrderInput): Promise<PlaceOrderResult> {
    if (!batchable(input)) return placeOrder(this.#deps(), input);
    return new Promise((resolve, reject) => {
      this.#waiting.push({ input, resolve, reject });
      this.#drain();
    });
  }

  #drain(): void {
    // Busy: let orders gather for a moment (the customers of a batch just answered are sending
    // their next ones) rather than start a batch of one behind the running one.
    if (this.#running > 0 && this.#running < this.#concurrency && this.#waiting.length > 0 && this.#waiting.length < this.#maxBatch) {
      if (this.#gathering === null) {
        this.#gathering = setTimeout(() => {
          this.#gathering = null;
          this.#start();
        }, this.#gatherMs);
      }
      return;
    }
    this.#start();
  }

  #start(): void {
    while (this.#running < this.#concurrency && this.#waiting.length > 0) {
      const batch = this.#waiting.splice(0, this.#maxBatch);
      this.#running++;
      void this.#run(batch).finally(() => {
        this.#running--;
        this.#drain();
      });
    }
  }

  async #run(batch: Waiting[]): Promise<void> {
    const deps = this.#deps();
    const byInput = new Map(batch.map((waiting) => [waiting.input, waiting]));
    const inputs = batch.map((waiting) => waiting.input);
    // placeBatch settles every order it is given; should it ever throw, each order is placed alone.
    const outcome = await placeBatch(deps, inputs, this.catalogs).catch((): BatchOutcome => ({ placed: [], alone: inputs }));
    this.stats.batches++;
    this.stats.placed += outcome.placed.length;
    this.stats.largest = Math.max(this.stats.largest, outcome.placed.length);
    for (const { input, result } of outcome.placed) byInput.get(input)!.resolve(result);
    // After the batch's COMMIT, so they never wait for a lock the batch holds.
    for (const input of outcome.alone) {
      const waiting = byInput.get(input)!;
      placeOrder(deps, input).then(waiting.resolve, waiting.reject);
    }
  }
}
