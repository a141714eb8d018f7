import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { SeatAllocationMessages as M } from '@kusina/domain/seat-allocation-rules';
import type { SeatAllocationOutput } from '@kusina/domain/seat-allocations';
import { ApiError } from '../../../lib/api-client.ts';
import { reservationListsKey } from '../../reservations/api/get-reservations.ts';
import { changeOccupant, type OccupantAction } from '../api/change-occupant.ts';
import { reserveSeats } from '../api/reserve-seats.ts';
import { seatAllocationsKey } from '../api/get-seat-allocations.ts';
import { seatParty, type SeatPartyBody } from '../api/seat-party.ts';
import { waitlistListsKey } from '../../waitlist/api/get-waitlist.ts';
import { updateReservation } from '../../reservations/api/update-reservation.ts';
import { failureMessage } from '../../../lib/failure-message.ts';

const toastFailure = (message: string) => toast.error(message, { style: { whiteSpace: 'pre-line' } });

const ACTION_TOASTS: Record<OccupantAction, { ok: string; failed: string }> = {
  arrive: { ok: M.arrived, failed: M.arriveFailed },
  finish: { ok: M.finished, failed: M.finishFailed },
  no_show: { ok: M.noShow, failed: M.noShowFailed },
  cancel: { ok: M.canceled, failed: M.cancelFailed },
};

/**
 * The floor's writes with the spec's toasts (backoffice §7, §8 Floor manager; decisions 0068, 0071),
 * shared by the Floor Manager and the reservation's Seat Map: Seat Now (multi_create) or Reserve
 * Seats (reserve), and a party's arrive / finish / no_show / cancel. Each answers true when the
 * server took it; after every call the seats, reservations and waitlist are reloaded.
 */
export function useSeatActions() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: seatAllocationsKey }),
      queryClient.invalidateQueries({ queryKey: reservationListsKey }),
      queryClient.invalidateQueries({ queryKey: waitlistListsKey }),
    ]);
  };

  /**
   * Seat Now (multi_create) or Reserve Seats (reserve); the server checks the seats (0067). Answers
   * null when the seats were given, else the message shown in the toast (empty when ignored).
   */
  const give = async (mode: 'seat' | 'reserve', body: SeatPartyBody): Promise<string | null> => {
    if (busy) return ''; // a second click while the first call runs: nothing new to say
    setBusy(true);
    try {
      await (mode === 'seat' ? seatParty(body) : reserveSeats(body));
      toast.success(mode === 'seat' ? M.seated : M.reserved);
      return null;
    } catch (error) {
      console.error(error);
      // The spec's 422 words when seats were taken meanwhile (the map is refreshed); another refusal
      // keeps the spec's sentence and adds the server's reason (decision 0068).
      const taken = error instanceof ApiError && error.status === 422 && (error.message === M.seatsTaken || error.message === M.seatsReserved);
      const message = taken ? (mode === 'seat' ? M.seatsTaken : M.seatsReserved) : failureMessage(mode === 'seat' ? M.seatingFailed : M.reservingFailed, error);
      toastFailure(message);
      return message;
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const act = async (action: OccupantAction, allocation: Pick<SeatAllocationOutput, 'occupant_type' | 'occupant_id'>): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    try {
      await changeOccupant(action, { occupant_type: allocation.occupant_type, occupant_id: allocation.occupant_id });
      toast.success(ACTION_TOASTS[action].ok);
      return true;
    } catch (error) {
      console.error(error);
      toastFailure(failureMessage(ACTION_TOASTS[action].failed, error));
      return false;
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  /**
   * A late reservation marked a no-show from the floor's list: through its seats when it holds any
   * (they are released with it), else the reservation's status.
   */
  const noShow = async (reservationId: number, holdsSeats: boolean): Promise<boolean> => {
    if (holdsSeats) return act('no_show', { occupant_type: 'reservation', occupant_id: reservationId });
    if (busy) return false;
    setBusy(true);
    try {
      await updateReservation({ id: reservationId, status: 'no_show' });
      toast.success(M.noShow);
      return true;
    } catch (error) {
      console.error(error);
      toastFailure(failureMessage(M.noShowFailed, error));
      return false;
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  return { busy, give, act, noShow, refresh };
}
