import { and, eq, isNull } from 'drizzle-orm';
import type { OccupantType, SeatAllocationStatus } from '@kusina/domain/seat-allocation-rules';
import type { DbOrTx } from '../../db/client.ts';
import { seatAllocations } from '../../db/schema/index.ts';

/**
 * Frees every seat a party still holds (decision 0067), inside the caller's transaction: the floor's
 * finish/no-show/cancel, and the reservation and waitlist writes that take a party off the floor
 * (a reservation canceled or deleted on its screen, a waitlist party sent back to waiting, 0058).
 * Released rows are kept with how they ended. Returns how many seats were freed.
 */
export async function releaseOccupantSeats(tx: DbOrTx, occupantType: OccupantType, occupantId: number, how: string, now: Date): Promise<number> {
  const ended: SeatAllocationStatus = how === 'finished' || how === 'no_show' ? how : 'canceled';
  const rows = await tx
    .update(seatAllocations)
    .set({ status: ended, releasedAt: now })
    .where(and(eq(seatAllocations.occupantType, occupantType), eq(seatAllocations.occupantId, occupantId), isNull(seatAllocations.releasedAt)))
    .returning({ id: seatAllocations.id });
  return rows.length;
}
