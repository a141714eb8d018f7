import type { Database } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { processorFor } from '../payments/select.ts';
import { processorRef } from '../payments/service.ts';
import { locksStock } from './catalog.ts';
import { priceCart } from './quote.ts';
import { insertPlacedOrders, type PlacedOrder, type PlacedOrderWrite } from './repository.ts';
import {
  checkFirstRead,
  newAccessToken,
  placedAnswer,
  placedOrderWrite,
  placeOrder,
  readOrderBatch,
  type OrderDeps,
  type PlaceOrderInput,
  type PlaceOrderResult,
} from './service.ts';

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
 * Several orders in ONE transaction (group commit): what each order costs in round trips,
 * statement start-up and COMMIT's WAL flush is paid once per batch. Only the plainest orders are
 * written here — a batchable cart (see `batchable`) of rows whose stock nobody tracks, paid with
 * an authorized payment of the local test processor (or nothing to pay) whose amount is exactly
 * the recomputed total. Every other order, and every order that any check refuses, leaves the
 * batch untouched and is answered by placeOrder on its own afterwards — so each answer, error
 * message and released payment is exactly the one-order path's.
 *
 * The transaction: BEGIN with one read for all of them (readOrderBatch; the payments locked in id
 * order, so batches never deadlock on them; one payment or Idempotency-Key twice in a batch leaves
 * the batch after the first), the same checks and pricing as placeOrder (nothing else is read and
 * nothing is locked: no tracked stock), then one order statement for all of them
 * (insertPlacedOrders) with the COMMIT sent right behind it, in the same round trip (the statement
 * checks what it wrote itself, so a mismatch still rolls everything back). The test processor's
 * capture is local and has no effect but its answer, so it is asked before the write. If anything
 * fails — a statement, the COMMIT, a key placed meanwhile by another transaction — nothing of the
 * batch is written and every order is placed alone, where the Idempotency-Key and the payment
 * decide as they always do: no order is lost or placed twice.
 */
export async function placeBatch(deps: OrderDeps, inputs: PlaceOrderInput[]): Promise<BatchOutcome> {
  const seen = new Set<string>();
  const inBatch: PlaceOrderInput[] = [];
  const alone: PlaceOrderInput[] = [];
  for (const input of inputs) {
    const payment = `payment ${input.body.payment_id}`;
    const key = `key ${input.restaurantId} ${input.idempotencyKey}`;
    if (!batchable(input) || seen.has(payment) || seen.has(key)) {
      alone.push(input);
      continue;
    }
    seen.add(payment).add(key);
    inBatch.push(input);
  }
  // The lock order of payments: PostgreSQL's order of uuids (their lower-case text).
  const lockKey = (input: PlaceOrderInput) => input.body.payment_id.toLowerCase();
  inBatch.sort((a, b) => (lockKey(a) < lockKey(b) ? -1 : lockKey(a) > lockKey(b) ? 1 : 0));
  if (inBatch.length === 0) return { placed: [], alone };

  try {
    const written = await transaction(deps.pool, async ({ tx, client, commitNow }) => {
      const reads = await readOrderBatch(client, inBatch);
      const writes: { input: PlaceOrderInput; write: PlacedOrderWrite; finish: (placed: PlacedOrder) => PlaceOrderResult }[] = [];
      const left: PlaceOrderInput[] = [];
      for (const [i, input] of inBatch.entries()) {
        const write = await batchWrite(deps, tx, input, reads.get(i + 1));
        if (write) writes.push({ input, ...write });
        else left.push(input);
      }
      if (writes.length === 0) return { placed: [], left };
      // The order statement is the transaction's last: its COMMIT goes right behind it.
      const placed = await insertPlacedOrders(
        client,
        writes.map(({ write }) => write),
        { thenCommit: commitNow },
      );
      return { placed: writes.map(({ input, finish }, i) => ({ input, result: finish(placed[i]!) })), left };
    });
    return { placed: written.placed, alone: [...alone, ...written.left] };
  } catch (error) {
    deps.log.warn({ err: error, orders: inBatch.length }, 'order batch failed; placing each of its orders alone');
    return { placed: [], alone: [...alone, ...inBatch] };
  }
}

/**
 * One order of a batch, from its order_read row: what the order statement writes, or null when
 * the order is not the batch's to decide (placeOrder answers it instead).
 */
async function batchWrite(
  deps: OrderDeps,
  tx: Database,
  input: PlaceOrderInput,
  read: Parameters<typeof checkFirstRead>[0],
): Promise<{ write: PlacedOrderWrite; finish: (placed: PlacedOrder) => PlaceOrderResult } | null> {
  const checked = checkFirstRead(read, input, false);
  if (checked.kind !== 'checked' || locksStock(checked.catalog)) return null;
  const { restaurant, payment } = checked;
  if (payment.processor !== 'test' && payment.amountCents > 0) return null;
  const placedAt = new Date();
  // No lock and no promo: priced from the rows just read, without another query.
  const priced = await priceCart(tx, restaurant, input.body.items, null, { now: placedAt, preloaded: checked.catalog });
  if (priced.check.issues.length > 0 || payment.amountCents !== priced.totalCents) return null;
  if (payment.amountCents > 0) {
    try {
      const capture = await processorFor(deps.config, payment.processor).capture({ ...processorRef(payment), amountCents: payment.amountCents });
      if (capture.transactionId !== payment.transactionId) return null;
    } catch {
      return null; // A declined capture: placeOrder refuses the order and releases the payment.
    }
  }
  const accessToken = newAccessToken();
  const write = placedOrderWrite(deps, input, checked, priced, { promo: null, vip: null }, { placedAt, accessToken });
  return { write, finish: (placed) => placedAnswer(placed, placed.payment, priced) };
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
    const outcome = await placeBatch(deps, inputs).catch((): BatchOutcome => ({ placed: [], alone: inputs }));
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
