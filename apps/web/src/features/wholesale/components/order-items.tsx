import type { Order } from '../api/contracts.ts';
import { capitalise, money } from '../utils.ts';

/** The order's lines as sold (name, options, SKU, quantity, line total) and its total. */
export function OrderItems({ order }: { order: Order }) {
  return (
    <div>
      <ul className="divide-y divide-line">
        {order.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-3 py-2 text-sm">
            <span>
              <span className="font-semibold">
                {item.quantity} × {item.name}
              </span>
              {Object.entries(item.selected_options).map(([group, names]) => (
                <span key={group} className="block text-ink-muted">
                  {capitalise(group)}: {names.join(', ')}
                </span>
              ))}
              {item.sku ? <span className="block text-xs text-ink-muted">SKU: {item.sku}</span> : null}
            </span>
            <span>{money(item.line_total_cents)}</span>
          </li>
        ))}
      </ul>
      {order.items.length === 0 ? <p className="py-2 text-sm text-ink-muted">A donation, no items.</p> : null}
      <dl className="mt-2 space-y-1 border-t border-line pt-2 text-sm">
        {order.donationCents ? (
          <div className="flex justify-between">
            <dt>Donation</dt>
            <dd>{money(order.donationCents)}</dd>
          </div>
        ) : null}
        {order.roundUpCents ? (
          <div className="flex justify-between">
            <dt>Round-up</dt>
            <dd>{money(order.roundUpCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt>Shipping</dt>
          <dd>Free</dd>
        </div>
        <div className="flex justify-between font-bold">
          <dt>Total</dt>
          <dd>{money(order.totalCents)}</dd>
        </div>
        {order.refundedCents > 0 ? (
          <div className="flex justify-between text-ink-muted">
            <dt>Refunded</dt>
            <dd>{money(order.refundedCents)}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}

export function mapLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
