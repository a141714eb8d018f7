import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { BellRing, CheckCheck, ClipboardList, RefreshCw, Wifi, WifiOff } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import type { OrderBoardEntry } from '@kusina/domain/order-management';
import { isAdminRole } from '@kusina/domain/roles';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { pluralize } from '../../../lib/format.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useRealtimeStore } from '../../../stores/realtime-store.ts';
import { useAcknowledgeAllOrders } from '../api/acknowledge-all-orders.ts';
import { useAcknowledgeOrder } from '../api/acknowledge-order.ts';
import { useAdminOrders } from '../api/get-admin-orders.ts';
import { useUnacknowledgedCount } from '../api/get-unacknowledged-count.ts';
import { useStaffRealtime } from '../api/use-staff-realtime.ts';
import { playNewOrderSound, unlockSound, useSoundState } from '../utils/order-alert-sound.ts';
import { useNow } from '../utils/use-now.ts';
import { boardParamsWith, readBoardFilters, type BoardParamPatch } from '../components/board-params.ts';
import { OrderBoardFilters } from '../components/order-board-filters.tsx';
import { OrderCard } from '../components/order-card.tsx';
import { OrderDetailDialog } from '../components/order-detail-dialog.tsx';
import { SoundToggle } from '../components/sound-toggle.tsx';

/** While the live connection is down the board asks the server this often (ms). */
export const BOARD_POLL_MS = 5_000;
/** While new orders wait to be acknowledged the chime repeats this often (ms). */
export const REMINDER_MS = 60_000;

/** Browsers allow audio only after a gesture: the first click or key press anywhere unlocks the chime. */
function useUnlockSoundOnGesture(unlocked: boolean): void {
  useEffect(() => {
    if (unlocked) return undefined;
    const unlock = () => void unlockSound();
    document.addEventListener('pointerdown', unlock);
    document.addEventListener('keydown', unlock);
    return () => {
      document.removeEventListener('pointerdown', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, [unlocked]);
}

function newOrderAnnouncement(order: OrderBoardEntry): string {
  return `New order ${order.order_number} from ${order.contact_name}, ${pluralize(order.item_count, 'item')}.`;
}

/**
 * The live order board (issue #5): new orders arrive over Socket.IO at the top with a chime and a
 * count to acknowledge; when the socket is down it polls. Filters, search and the page live in the
 * URL so a reload keeps the view; ?order= opens an order's detail.
 */
export function OrderManagement() {
  const headingId = useId();
  const user = useAuthStore((state) => state.user);
  const admin = user ? isAdminRole(user.role) : false;
  const restaurantId = user?.restaurant_id ?? null;
  const fallback = useRealtimeStore((state) => state.fallback);
  const pollMs = fallback ? BOARD_POLL_MS : false;
  const [params, setParams] = useSearchParams();
  const filters = readBoardFilters(params);
  const openOrderId = Number(params.get('order')) || null;
  const orders = useAdminOrders(filters, { pollMs });
  const unacknowledged = useUnacknowledgedCount({ pollMs });
  const acknowledge = useAcknowledgeOrder();
  const acknowledgeAll = useAcknowledgeAllOrders();
  const sound = useSoundState();
  const now = useNow();
  const [announcement, setAnnouncement] = useState('');
  const newestSeen = useRef<number | null>(null);
  useUnlockSoundOnGesture(sound.unlocked);

  const update = useCallback(
    (patch: BoardParamPatch, options?: { replace?: boolean }) => setParams((current) => boardParamsWith(current, patch), options),
    [setParams],
  );

  const ring = useCallback((message: string) => {
    playNewOrderSound();
    setAnnouncement(message);
  }, []);

  // Pushed orders: the cache is updated by the hook; here the chime and the announcement.
  const onNewOrder = useCallback(
    (order: OrderBoardEntry) => {
      if (newestSeen.current !== null && order.id <= newestSeen.current) return;
      newestSeen.current = order.id;
      if (order.acknowledged_at === null) ring(newOrderAnnouncement(order));
    },
    [ring],
  );
  const { connected } = useStaffRealtime(restaurantId, onNewOrder);

  // Polled (or first loaded) counts: a newer unacknowledged order than any seen rings too.
  const latestId = unacknowledged.data?.latest_order_id ?? null;
  const count = unacknowledged.data?.count ?? orders.data?.unacknowledged_count ?? 0;
  useEffect(() => {
    if (!unacknowledged.data) return;
    if (newestSeen.current === null) {
      newestSeen.current = latestId ?? 0;
      return;
    }
    if (latestId !== null && latestId > newestSeen.current) {
      newestSeen.current = latestId;
      ring(`${pluralize(count, 'new order')} to acknowledge.`);
    }
  }, [unacknowledged.data, latestId, count, ring]);

  // A reminder while new orders wait.
  useEffect(() => {
    if (count === 0) return undefined;
    const timer = setInterval(() => playNewOrderSound(), REMINDER_MS);
    return () => clearInterval(timer);
  }, [count]);

  const onAcknowledge = (order: OrderBoardEntry) => {
    acknowledge.mutate(order.id, {
      onSuccess: () => setAnnouncement(`Order ${order.order_number} acknowledged.`),
      onError: (error) => toast.error(errorMessage(error, 'Could not acknowledge the order. Please try again.')),
    });
  };

  const onAcknowledgeAll = () => {
    const upTo = Math.max(newestSeen.current ?? 0, latestId ?? 0, ...(orders.data?.orders.map((order) => order.id) ?? [0]));
    acknowledgeAll.mutate(upTo > 0 ? { up_to_id: upTo } : {}, {
      onSuccess: (result) => setAnnouncement(`${pluralize(result.acknowledged_ids.length, 'order')} acknowledged.`),
      onError: (error) => toast.error(errorMessage(error, 'Could not acknowledge the orders. Please try again.')),
    });
  };

  const openOrder = (order: OrderBoardEntry) => update({ order: order.id });
  const closeOrder = () => update({ order: null });
  const data = orders.data;
  const pages = Math.max(1, data?.total_pages ?? 1);
  const filtered = Boolean(filters.q || filters.date || filters.location || filters.source || filters.status !== 'active');

  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id={headingId} className="text-2xl font-bold">
            Order Management
          </h2>
          {fallback ? (
            <span className="inline-flex items-center gap-1.5 rounded-full bg-warning-soft px-3 py-1 text-sm font-semibold text-warning-ink" data-testid="board-connection">
              <WifiOff aria-hidden="true" className="size-4" />
              Connection lost · checking every {BOARD_POLL_MS / 1000} s
            </span>
          ) : connected ? (
            <span className="inline-flex items-center gap-1.5 rounded-full bg-success-soft px-3 py-1 text-sm font-semibold text-success-ink" data-testid="board-connection">
              <Wifi aria-hidden="true" className="size-4" />
              Live
            </span>
          ) : (
            <span className="inline-flex items-center gap-1.5 rounded-full bg-surface-muted px-3 py-1 text-sm font-semibold text-ink-muted" data-testid="board-connection">
              <Wifi aria-hidden="true" className="size-4" />
              Connecting…
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SoundToggle state={sound} />
          <Button variant="secondary" size="sm" onClick={() => void orders.refetch()} loading={orders.isFetching && !orders.isPending} icon={<RefreshCw aria-hidden="true" className="size-4" />}>
            Refresh
          </Button>
        </div>
      </div>

      <div
        className={
          count > 0
            ? 'flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-warning-line bg-warning-soft px-4 py-3 text-warning-ink'
            : 'flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-surface-muted px-4 py-3'
        }
      >
        <p className="flex items-center gap-2 font-semibold" data-testid="unacknowledged-count">
          <BellRing aria-hidden="true" className="size-5" />
          {count > 0 ? `${pluralize(count, 'new order')} to acknowledge` : 'No new orders to acknowledge'}
        </p>
        {count > 0 ? (
          <Button size="sm" onClick={onAcknowledgeAll} loading={acknowledgeAll.isPending} icon={<CheckCheck aria-hidden="true" className="size-4" />}>
            Acknowledge all
          </Button>
        ) : null}
      </div>

      <OrderBoardFilters filters={filters} statusCounts={data?.status_counts} locations={data?.locations ?? []} onChange={update} />

      <div aria-busy={orders.isFetching}>
        {orders.isPending ? (
          <div role="status" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Loading orders">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-56 w-full rounded-2xl" />
            ))}
          </div>
        ) : orders.isError && !data ? (
          <Alert tone="error" title="The orders could not be loaded.">
            <p>{errorMessage(orders.error, 'Something went wrong. Please try again.')}</p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void orders.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : !data || data.orders.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line-strong px-6 py-12 text-center">
            <ClipboardList aria-hidden="true" className="size-10 text-ink-muted" />
            <p className="text-lg font-semibold">{filtered ? 'No orders match these filters.' : 'No active orders right now.'}</p>
            <p className="text-sm text-ink-muted">{filtered ? 'Try another status, day or search.' : 'New orders appear here the moment they are placed.'}</p>
            {filtered ? (
              <Button variant="secondary" className="mt-2" onClick={() => update({ q: '', status: 'active', date: '', location: '', source: '', page: 1 })}>
                Clear filters
              </Button>
            ) : null}
          </div>
        ) : (
          <>
            {orders.isError ? (
              <Alert tone="warning" className="mb-3">
                {errorMessage(orders.error, 'The board could not be refreshed; showing the last orders loaded.')}
              </Alert>
            ) : null}
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Orders">
              {data.orders.map((order) => (
                <OrderCard
                  key={order.id}
                  order={order}
                  now={now}
                  onOpen={openOrder}
                  onAcknowledge={onAcknowledge}
                  acknowledging={acknowledge.isPending && acknowledge.variables === order.id}
                />
              ))}
            </ul>
          </>
        )}
      </div>

      {data && data.total_count > 0 ? (
        <nav aria-label="Order pages" className="flex items-center justify-between gap-3">
          <Button variant="secondary" size="sm" disabled={filters.page <= 1} onClick={() => update({ page: filters.page - 1 })}>
            Previous
          </Button>
          <p className="text-sm text-ink-muted">
            Page {Math.min(filters.page, pages)} of {pages} · {pluralize(data.total_count, 'order')}
          </p>
          <Button variant="secondary" size="sm" disabled={filters.page >= pages} onClick={() => update({ page: filters.page + 1 })}>
            Next
          </Button>
        </nav>
      ) : null}

      <div aria-live="polite" role="status" className="sr-only" data-testid="board-announcer">
        {announcement}
      </div>

      {openOrderId ? <OrderDetailDialog orderId={openOrderId} admin={admin} pollMs={pollMs} onClose={closeOrder} /> : null}
    </section>
  );
}
