import { useId, useState, type FormEvent } from 'react';
import type { CustomerSummary } from '@kusina/domain/customers';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { formatDateTime, pluralize } from '../../../lib/format.ts';
import { useCustomer } from '../api/get-customer.ts';
import { useCustomers } from '../api/get-customers.ts';
import { money } from './report-chart.tsx';

const statusLabel = (status: string) => status.replace(/_/g, ' ');

/** One customer's records at the restaurant (orders, fundraiser orders, reservations) and the dining room's notes. */
function CustomerDialog({ customer, onClose }: { customer: CustomerSummary | null; onClose(): void }) {
  const detail = useCustomer(customer?.key ?? null);
  const data = detail.data;
  return (
    <Dialog open={customer !== null} onOpenChange={(open) => !open && onClose()} title={customer?.name ?? ''} description={[customer?.email, customer?.phone].filter(Boolean).join(' · ')} size="lg">
      {detail.isPending ? (
        <Spinner label="Loading the customer…" />
      ) : detail.isError ? (
        <Alert tone="error">{failureMessage('Could not load the customer.', detail.error)}</Alert>
      ) : data ? (
        <div className="space-y-6">
          {data.guest_profile ? (
            <section aria-labelledby="customer-guest" className="space-y-1 rounded-xl border border-line bg-surface p-3">
              <h3 id="customer-guest" className="font-semibold">
                Guest profile
              </h3>
              <p className="text-sm">
                {pluralize(data.guest_profile.visits, 'visit')} · {pluralize(data.guest_profile.no_shows, 'no-show')} · {pluralize(data.guest_profile.cancellations, 'cancellation')}
              </p>
              {data.guest_profile.notes ? <p className="text-sm break-words">Notes: {data.guest_profile.notes}</p> : null}
              {data.guest_profile.tags.length > 0 ? <p className="text-sm">Tags: {data.guest_profile.tags.join(', ')}</p> : null}
            </section>
          ) : null}
          <section aria-labelledby="customer-orders" className="space-y-2">
            <h3 id="customer-orders" className="font-semibold">
              Orders ({data.orders})
            </h3>
            {data.order_list.length === 0 ? (
              <p className="text-sm text-ink-muted">No orders.</p>
            ) : (
              <ul className="divide-y divide-line rounded-xl border border-line text-sm">
                {data.order_list.map((o) => (
                  <li key={o.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 p-3">
                    <span className="font-semibold">
                      {o.order_number}
                      {o.is_staff_order ? ' · staff order' : ''}
                    </span>
                    <span className="text-ink-muted">{formatDateTime(o.created_at)}</span>
                    <span className="capitalize">{statusLabel(o.status)}</span>
                    <span className="tabular-nums">
                      {money(o.total_cents)}
                      {o.refunded_cents > 0 ? ` (${money(o.refunded_cents)} refunded)` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="customer-fundraiser-orders" className="space-y-2">
            <h3 id="customer-fundraiser-orders" className="font-semibold">
              Fundraiser orders ({data.fundraiser_orders})
            </h3>
            {data.fundraiser_order_list.length === 0 ? (
              <p className="text-sm text-ink-muted">No fundraiser orders.</p>
            ) : (
              <ul className="divide-y divide-line rounded-xl border border-line text-sm">
                {data.fundraiser_order_list.map((o) => (
                  <li key={o.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 p-3">
                    <span className="font-semibold">{o.order_number}</span>
                    <span>
                      {o.fundraiser}
                      {o.participant ? ` · for ${o.participant}` : ''}
                    </span>
                    <span className="text-ink-muted">{formatDateTime(o.created_at)}</span>
                    <span className="capitalize">{statusLabel(o.status)}</span>
                    <span className="tabular-nums">
                      {money(o.total_cents)}
                      {o.refunded_cents > 0 ? ` (${money(o.refunded_cents)} refunded)` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="customer-reservations" className="space-y-2">
            <h3 id="customer-reservations" className="font-semibold">
              Reservations ({data.reservations})
            </h3>
            {data.reservation_list.length === 0 ? (
              <p className="text-sm text-ink-muted">No reservations.</p>
            ) : (
              <ul className="divide-y divide-line rounded-xl border border-line text-sm">
                {data.reservation_list.map((r) => (
                  <li key={r.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 p-3">
                    <span className="font-semibold">{r.reservation_number}</span>
                    <span className="text-ink-muted">{formatDateTime(r.start_time)}</span>
                    <span>Party of {r.party_size}</span>
                    <span className="capitalize">{statusLabel(r.status)}</span>
                    <span>{r.source === 'staff' ? 'Booked by staff' : 'Booked online'}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      ) : null}
    </Dialog>
  );
}

/**
 * Customers (issue #37 item 3; decision 0128): everyone in the restaurant's orders, fundraiser orders
 * and reservations, searchable by name, e-mail or phone, a page at a time; each opens their records.
 */
export function CustomersPanel() {
  const headingId = useId();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<CustomerSummary | null>(null);
  const list = useCustomers(q, page);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-line bg-surface-raised p-4 shadow-sm sm:p-6">
      <div>
        <h2 id={headingId} className="text-xl font-bold">
          Customers
        </h2>
        <p className="text-sm text-ink-muted">Everyone who ordered, supported a fundraiser or booked a table here, known by their e-mail (or a booking&rsquo;s phone).</p>
      </div>
      <form role="search" aria-label="Customers" onSubmit={search} className="flex flex-wrap items-end gap-2">
        <TextField label="Name, e-mail or phone" type="search" value={draft} onChange={(e) => setDraft(e.target.value)} fieldClassName="w-full sm:w-80" />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>

      {list.isPending ? (
        <Spinner label="Loading customers…" />
      ) : list.isError ? (
        <Alert tone="error">
          {failureMessage('Could not load the customers.', list.error)}{' '}
          <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : data && data.total === 0 ? (
        <p className="rounded-xl border border-line bg-surface-muted p-4 text-ink-muted">{q ? `No customers match “${q}”.` : 'No customers yet.'}</p>
      ) : data ? (
        <>
          <p className="text-sm text-ink-muted" aria-live="polite">
            {pluralize(data.total, 'customer')}
            {q ? ` matching “${q}”` : ''} · page {data.page} of {pages}
          </p>
          <div className="relative overflow-x-auto rounded-xl border border-line" role="region" aria-label="Customers table" tabIndex={0}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Customers, page {data.page} of {pages}</caption>
              <thead>
                <tr className="border-b border-line">
                  <th scope="col" className="px-3 py-2 font-semibold">Name</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Contact</th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">Orders</th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">Fundraiser orders</th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">Reservations</th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">Spent</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Last seen</th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    <span className="sr-only">Records</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.customers.map((c) => (
                  <tr key={c.key} className="border-b border-line last:border-0">
                    <th scope="row" className="px-3 py-2 font-semibold">
                      {c.name}
                      {c.has_account ? <span className="block text-xs font-normal text-ink-muted">Has an account</span> : null}
                    </th>
                    <td className="px-3 py-2 break-all">
                      {c.email ?? ''}
                      {c.phone ? <span className="block text-ink-muted">{c.phone}</span> : null}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{c.orders}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{c.fundraiser_orders}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{c.reservations}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{money(c.spent_cents)}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(c.last_seen_at)}</td>
                    <td className="px-3 py-2">
                      <Button size="sm" variant="secondary" onClick={() => setOpen(c)} aria-label={`Records of ${c.name}`}>
                        Records
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <nav aria-label="Customer pages" className="flex items-center gap-2">
              <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous page
              </Button>
              <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next page
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
      <CustomerDialog customer={open} onClose={() => setOpen(null)} />
    </section>
  );
}
