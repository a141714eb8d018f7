import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LayoutEvents } from '@kusina/domain/layout-rules';
import { CATCH_UP_EVENT } from '@kusina/domain/realtime';
import { ReservationEvents } from '@kusina/domain/reservation-rules';
import { SeatAllocationEvents } from '@kusina/domain/seat-allocation-rules';
import { WaitlistEvents } from '@kusina/domain/waitlist-rules';
import { openRealtime } from '../../../lib/realtime.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { getLayoutsQueryOptions } from '../../floor/api/get-layouts.ts';
import { reservationListsKey } from './get-reservations.ts';
import { seatAllocationsKey } from '../../floor/api/get-seat-allocations.ts';
import { waitlistListsKey } from '../../waitlist/api/get-waitlist.ts';

/**
 * The dashboard's live channel: the restaurant's staff room. A reservation created, changed or
 * deleted anywhere (the public modal, another screen), or a waitlist entry added or changed by
 * another host, refreshes every open list at once; after a reconnect too, since events sent while
 * the socket was down are lost, and on the server's catch_up (its node missed events, 0088). While the socket is down the realtime store's fallback flag makes
 * the lists poll (api/get-reservations.ts, waitlist/api/get-waitlist.ts). A layout saved or activated elsewhere
 * refreshes the Layout tab's list (names, the active one); the plan open in the editor is left as
 * it is, so nobody's unsaved changes are overwritten. A seat given or freed anywhere refreshes every
 * open Floor Manager's seat map (decision 0067).
 */
export function useReservationsRealtime(restaurantId: number | null): void {
  const queryClient = useQueryClient();
  // The signed-in user: the socket reconnects (with the new cookie) when it changes.
  const sessionUser = useAuthStore((state) => state.user?.id ?? null);
  useEffect(() => {
    if (!restaurantId || !sessionUser) return undefined;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: reservationListsKey });
    const refreshWaitlist = () => void queryClient.invalidateQueries({ queryKey: waitlistListsKey });
    const refreshSeats = () => void queryClient.invalidateQueries({ queryKey: seatAllocationsKey });
    const refreshLayouts = () => void queryClient.invalidateQueries({ queryKey: getLayoutsQueryOptions().queryKey });
    const refreshAll = () => {
      refresh();
      refreshWaitlist();
      refreshSeats();
    };
    return openRealtime({
      subscriptions: [{ channel: 'staff', restaurant_id: restaurantId }],
      events: {
        connect: refreshAll,
        // The node missed other nodes' events while its LISTEN connection was down (0088).
        [CATCH_UP_EVENT]: refreshAll,
        [ReservationEvents.created]: refresh,
        [ReservationEvents.updated]: refresh,
        [ReservationEvents.deleted]: refresh,
        [WaitlistEvents.created]: refreshWaitlist,
        [WaitlistEvents.updated]: refreshWaitlist,
        [SeatAllocationEvents.changed]: refreshSeats,
        [LayoutEvents.updated]: refreshLayouts,
        [LayoutEvents.activated]: refreshLayouts,
      },
    });
  }, [queryClient, restaurantId, sessionUser]);
}
