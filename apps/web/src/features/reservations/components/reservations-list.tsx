import { useMemo, useState } from 'react';
import { Plus, RefreshCw, Search } from 'lucide-react';
import { formatPhone } from '@kusina/domain/phone-rules';
import type { ReservationOutput } from '@kusina/domain/reservations';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { guamToday } from '../../../lib/guam-today.ts';
import { useLocations } from '../api/get-locations.ts';
import { useReservations } from '../api/get-reservations.ts';
import { formatDateTime, formatDay } from '../../../lib/guam-dates.ts';
import { NewReservationDialog } from './new-reservation-dialog.tsx';
import { ReservationDetailsDialog } from './reservation-details-dialog.tsx';
import { ReservationStatusBadge } from './reservation-status-badge.tsx';

export const LIST_ERROR = 'Failed to load reservations. Please try again.';

/** §8: the server's message when it gave a reason (a 4xx), else the spec's sentence (5xx, offline). */
const listError = (error: Error) => (error instanceof ApiError && error.status > 0 && error.status < 500 && error.message ? error.message : LIST_ERROR);

/** The Reservations tab (backoffice §2 Reservations list). */
export function ReservationsList({ restaurantId }: { restaurantId: number }) {
  const [date, setDate] = useState(guamToday());
  const [locationId, setLocationId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const locations = useLocations(restaurantId);
  const activeLocations = locations.data ?? [];
  const several = activeLocations.length > 1;
  const list = useReservations({ date, locationId });

  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const digits = needle.replace(/\D/g, '');
    return (list.data ?? []).filter(
      (r) =>
        !needle ||
        r.contact_name.toLowerCase().includes(needle) ||
        (r.contact_email ?? '').toLowerCase().includes(needle) ||
        (r.contact_phone ?? '').includes(needle) ||
        (digits.length >= 3 && (r.contact_phone ?? '').replace(/\D/g, '').includes(digits)),
    );
  }, [list.data, search]);
  const open: ReservationOutput | undefined = list.data?.find((r) => r.id === openId);

  return (
    <section aria-labelledby="reservations-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="reservations-title" className="font-display text-2xl font-bold">
          Reservations
        </h2>
        <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setCreating(true)}>
          New Reservation
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="space-y-1.5">
          <label htmlFor="reservations-date" className="block text-sm font-semibold">
            Date <span className="font-normal text-ink-muted">({formatDay(date)})</span>
          </label>
          <Input id="reservations-date" type="date" value={date} onChange={(e) => e.target.value && setDate(e.target.value)} />
        </div>
        {several ? (
          <div className="space-y-1.5">
            <label htmlFor="reservations-location" className="block text-sm font-semibold">
              Location
            </label>
            <Select id="reservations-location" value={locationId ?? ''} onChange={(e) => setLocationId(e.target.value ? Number(e.target.value) : null)}>
              <option value="">All locations</option>
              {activeLocations.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        <div className="space-y-1.5">
          <label htmlFor="reservations-search" className="block text-sm font-semibold">
            Search
          </label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" />
            <Input id="reservations-search" type="search" className="pl-9" placeholder="Search by name" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
        </div>
      </div>
      {locations.isError ? <Alert tone="error">{`Failed to load locations: ${locations.error.message}`}</Alert> : null}

      {list.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner size="lg" label="Loading reservations..." />
        </div>
      ) : list.isError ? (
        <Alert tone="error">
          <div className="flex flex-wrap items-center gap-3">
            <span>{listError(list.error)}</span>
            <Button size="sm" variant="secondary" icon={<RefreshCw aria-hidden="true" className="size-4" />} loading={list.isFetching} onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        </Alert>
      ) : rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line-strong px-4 py-10 text-center text-ink-muted">No reservations found.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-line">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="bg-surface-muted text-xs uppercase tracking-wide text-ink-muted">
              <tr>
                <th scope="col" className="px-3 py-2">ID</th>
                <th scope="col" className="px-3 py-2">Date/Time</th>
                <th scope="col" className="px-3 py-2">Name</th>
                <th scope="col" className="px-3 py-2">Phone</th>
                <th scope="col" className="px-3 py-2">Email</th>
                <th scope="col" className="px-3 py-2">Size</th>
                {several ? <th scope="col" className="px-3 py-2">Location</th> : null}
                <th scope="col" className="px-3 py-2">Status</th>
                <th scope="col" className="px-3 py-2">Action</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="cursor-pointer border-t border-line hover:bg-surface-muted" onClick={() => setOpenId(r.id)}>
                  <td className="px-3 py-2 font-mono">#{r.id}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(r.start_time)}</td>
                  <td className="px-3 py-2 font-semibold">{r.contact_name}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatPhone(r.contact_phone)}</td>
                  <td className="px-3 py-2">{r.contact_email}</td>
                  <td className="px-3 py-2">{r.party_size}</td>
                  {several ? <td className="px-3 py-2">{r.location.name}</td> : null}
                  <td className="px-3 py-2">
                    <ReservationStatusBadge status={r.status} />
                  </td>
                  <td className="px-3 py-2">
                    <Button size="sm" variant="secondary" aria-label={`View reservation #${r.id} of ${r.contact_name}`} onClick={(e) => (e.stopPropagation(), setOpenId(r.id))}>
                      View
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open ? <ReservationDetailsDialog reservation={open} onClose={() => setOpenId(null)} /> : null}
      {creating ? <NewReservationDialog restaurantId={restaurantId} locations={activeLocations} initialDate={date} onClose={() => setCreating(false)} /> : null}
    </section>
  );
}
