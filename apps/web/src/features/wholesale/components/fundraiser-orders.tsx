import { formatUSD } from '@kusina/domain/money';
import { useRef, useState } from 'react';
import { orderStatusLabel, WHOLESALE_ORDER_STATUSES, WHOLESALE_TRANSITIONS, WholesaleMessages, type FundraiserDetailOutput, type OrderOutput, type WholesaleOrderStatus } from '@kusina/domain/wholesale';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { downloadOrdersCsv } from '../api/export-orders-csv.ts';
import { useAdminWholesaleOrders } from '../api/get-admin-orders.ts';
import { useBulkStatus } from '../api/bulk-order-status.ts';
import { useOrderStatus } from '../api/set-order-status.ts';
import { usePickList } from '../api/get-pick-list.ts';

const field = 'min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3';
const PICKUP_STATUSES = WHOLESALE_ORDER_STATUSES.filter((s) => s !== 'shipped' && s !== 'delivered');

/**
 * A fundraiser's orders: filters, legal status changes one by one or in bulk, CSV export and the
 * pick list. `readOnly` (an organiser, decision 0124): the list, CSV and pick list without status changes.
 */
export function FundraiserOrders({ fundraiser, readOnly = false }: { fundraiser: FundraiserDetailOutput; readOnly?: boolean }) {
  const [participant, setParticipant] = useState('');
  const [status, setStatus] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [bulkTo, setBulkTo] = useState<string>('fulfilled');
  const [message, setMessage] = useState<string | null>(null);
  const [showPick, setShowPick] = useState(false);
  const filters = { fundraiser_id: fundraiser.id, ...(participant ? { participant_id: participant } : {}), ...(status ? { status } : {}) };
  const orders = useAdminWholesaleOrders(filters);
  const change = useOrderStatus();
  const bulk = useBulkStatus();
  const pick = usePickList(fundraiser.id, showPick);
  // Cancelling refunds the card, returns the stock and reverses the participant's credit: asked
  // first, for one order or for the selected ones (§4's 'Are you sure you want to cancel this order?').
  const [cancelling, setCancelling] = useState<{ one: OrderOutput } | { ids: number[] } | null>(null);
  const cancelledOne = useRef<number | null>(null);

  const applyBulk = () =>
    bulk.mutate(
      { ids: chosen, status: bulkTo },
      {
        onSuccess: (results) => {
          setMessage(bulkOutcome(results, orders.data ?? []));
          setChosen([]);
        },
        onError: (e) => setMessage(errorMessage(e, 'Unable to update the orders.')),
        onSettled: () => setCancelling(null),
      },
    );
  const changeOne = (o: OrderOutput, to: WholesaleOrderStatus) =>
    change.mutate(
      { id: o.id, status: to },
      {
        onSuccess: () => {
          if (to === 'cancelled') cancelledOne.current = o.id;
        },
        onError: (e) => setMessage(errorMessage(e, 'Unable to update the order.')),
        onSettled: () => setCancelling(null),
      },
    );

  return (
    <section className="space-y-4" aria-label="Fundraiser orders">
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor="o-participant" className="text-sm font-semibold">
            Participant
          </label>
          <select id="o-participant" className={field} value={participant} onChange={(e) => setParticipant(e.target.value)}>
            <option value="">Everyone</option>
            <option value="general">General support</option>
            {fundraiser.participants.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="o-status" className="text-sm font-semibold">
            Status
          </label>
          <select id="o-status" className={field} value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">All statuses</option>
            {PICKUP_STATUSES.map((s) => (
              <option key={s} value={s}>
                {orderStatusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end gap-2">
          <Button variant="secondary" onClick={() => void downloadOrdersCsv(filters).catch((e: unknown) => setMessage(errorMessage(e, 'Could not export the orders.')))}>
            Export CSV
          </Button>
          <Button variant="secondary" aria-pressed={showPick} onClick={() => setShowPick((v) => !v)}>
            Pick List
          </Button>
        </div>
      </div>

      {readOnly ? null : <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="o-bulk" className="text-sm font-semibold">
            Change selected to
          </label>
          <select id="o-bulk" className={field} value={bulkTo} onChange={(e) => setBulkTo(e.target.value)}>
            {PICKUP_STATUSES.filter((s) => s !== 'pending').map((s) => (
              <option key={s} value={s}>
                {orderStatusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <Button disabled={chosen.length === 0} loading={bulk.isPending} onClick={() => (bulkTo === 'cancelled' ? setCancelling({ ids: chosen }) : applyBulk())}>
          Apply to {chosen.length} selected
        </Button>
      </div>}
      {message ? <Alert tone={message.startsWith('✓') ? 'success' : 'error'}>{message}</Alert> : null}

      {orders.isPending ? (
        <Spinner label="Loading orders…" />
      ) : orders.isError ? (
        <Alert tone="error">{errorMessage(orders.error, 'Unable to load orders. Please try again.')}</Alert>
      ) : orders.data.length === 0 ? (
        <p className="text-ink-muted">No orders match.</p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface-raised">
          {orders.data.map((o) => {
            const next = readOnly ? [] : (WHOLESALE_TRANSITIONS[o.status as WholesaleOrderStatus] ?? []);
            return (
              <li key={o.id} className="flex flex-wrap items-start gap-3 p-4 text-sm">
                {readOnly ? null : <input
                  id={`wholesale-order-${o.id}`}
                  type="checkbox"
                  className="mt-1 size-5 accent-brand"
                  aria-label={`Select order ${o.orderNumber}`}
                  checked={chosen.includes(o.id)}
                  onChange={(e) => setChosen((c) => (e.target.checked ? [...c, o.id] : c.filter((id) => id !== o.id)))}
                />}
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">
                    {o.orderNumber} · {orderStatusLabel(o.status)} · {formatUSD(o.totalCents)}
                  </p>
                  <p className="text-ink-muted">
                    {formatDateTime(o.createdAt)} · {o.customerName} · {o.participant?.name ?? 'General support'}
                  </p>
                  <p>{o.items.map((i) => `${i.quantity} × ${i.name}${i.variant_description ? ` (${i.variant_description})` : ''}`).join(', ')}</p>
                </div>
                {next.length > 0 ? (
                  <div className="flex flex-wrap gap-1">
                    {next.map((to) => (
                      <Button
                        key={to}
                        size="sm"
                        variant={to === 'cancelled' ? 'danger' : 'secondary'}
                        loading={change.isPending && change.variables?.id === o.id && change.variables.status === to}
                        onClick={() => (to === 'cancelled' ? setCancelling({ one: o }) : changeOne(o, to))}
                        aria-label={`Mark ${o.orderNumber} ${orderStatusLabel(to)}`}
                      >
                        {to === 'cancelled' ? 'Cancel & refund' : orderStatusLabel(to)}
                      </Button>
                    ))}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}

      <ConfirmDialog
        open={cancelling !== null}
        title={cancelling && 'one' in cancelling ? `Cancel order ${cancelling.one.orderNumber}?` : `Cancel ${cancelling && 'ids' in cancelling ? cancelling.ids.length : 0} selected orders?`}
        message={WholesaleMessages.cancelConfirm}
        confirmLabel="Cancel & refund"
        cancelLabel="Keep Order"
        destructive
        busy={change.isPending || bulk.isPending}
        onConfirm={() => {
          if (!cancelling) return;
          if ('one' in cancelling) changeOne(cancelling.one, 'cancelled');
          else applyBulk();
        }}
        onCancel={() => setCancelling(null)}
        onCloseAutoFocus={(event) => {
          // A cancelled order loses its status buttons: focus its checkbox instead of the page.
          const id = cancelledOne.current;
          cancelledOne.current = null;
          if (id === null) return;
          event.preventDefault();
          requestAnimationFrame(() => document.getElementById(`wholesale-order-${id}`)?.focus());
        }}
      >
        <p>
          {cancelling && 'one' in cancelling
            ? `${formatUSD(cancelling.one.totalCents)} is refunded to ${cancelling.one.customerName}'s card, the stock goes back and the participant's credit is reversed.`
            : "Each order that may be cancelled is refunded to its supporter's card, its stock goes back and its participant's credit is reversed."}
        </p>
      </ConfirmDialog>

      {showPick ? (
        pick.isPending ? (
          <Spinner label="Loading pick list…" />
        ) : pick.data ? (
          <section aria-labelledby="pick-heading" className="space-y-3 rounded-2xl border border-line bg-surface-raised p-4">
            <div className="flex items-center justify-between">
              <h3 id="pick-heading" className="font-display text-xl font-bold">
                Pick List · {pick.data.fundraiser.name}
              </h3>
              <Button size="sm" variant="secondary" onClick={() => window.print()}>
                Print
              </Button>
            </div>
            <h4 className="font-semibold">By item</h4>
            <ul className="text-sm">
              {pick.data.by_item.map((i) => (
                <li key={`${i.name}-${i.variant ?? ''}`}>
                  {i.quantity} × {i.name}
                  {i.variant ? ` (${i.variant})` : ''}
                </li>
              ))}
            </ul>
            <h4 className="font-semibold">By participant</h4>
            {pick.data.by_participant.map((group) => (
              <div key={group.participant} className="text-sm">
                <p className="font-semibold">{group.participant}</p>
                <ul className="ml-4 list-disc">
                  {group.orders.map((o) => (
                    <li key={o.orderNumber}>
                      {o.orderNumber} {o.customerName}: {o.items.map((i) => `${i.quantity} × ${i.name}${i.variant ? ` (${i.variant})` : ''}`).join(', ')}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </section>
        ) : (
          <Alert tone="error" title="The pick list could not be loaded.">
            <p>{errorMessage(pick.error, 'Please try again.')}</p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void pick.refetch()}>
              Try again
            </Button>
          </Alert>
        )
      ) : null}
    </section>
  );
}

/**
 * What a bulk change did: how many orders moved and, for each one the server refused, its number
 * and the reason ("W-1042: That status change is not allowed."). A change with refusals is shown as
 * an error, so staff see which orders still need them.
 */
export function bulkOutcome(results: readonly { id: number; ok: boolean; message: string | null }[], orders: readonly Pick<OrderOutput, 'id' | 'orderNumber'>[]): string {
  const updated = results.filter((r) => r.ok).length;
  const refused = results.filter((r) => !r.ok);
  if (refused.length === 0) return `✓ ${updated} updated`;
  const numberOf = (id: number) => orders.find((o) => o.id === id)?.orderNumber ?? `#${id}`;
  return `${updated} updated, ${refused.length} not changed: ${refused.map((r) => `${numberOf(r.id)}: ${r.message ?? 'Not allowed.'}`).join(' ')}`;
}
