import { and, eq, inArray, sql } from 'drizzle-orm';
import { orderAmounts } from '@kusina/domain/supporter-rules';
import type { DbOrTx } from '../../db/client.ts';
import { wholesaleParticipantCredits } from '../../db/schema/index.ts';

/**
 * Donations and the round-up in the participant ledger (issue #36 item 7, decision 0120). An
 * order's money is its items (priced by the server), its donation (whole cents, validated by the
 * contract) and the round-up of both to the next whole dollar (computed here, never taken from the
 * client); the payment must hold exactly the total.
 */
export function amountsOf(itemsCents: number, input: { donation_cents?: number | undefined; round_up?: boolean | undefined }) {
  return orderAmounts(itemsCents, input);
}

/**
 * The order's credit rows, in its transaction: a 'sale' row for the items (when it has any, or
 * when there is nothing else) and a 'donation' row for the donation and round-up, both to the
 * participant the supporter chose (NULL: the team's general support).
 */
export async function creditOrder(
  tx: DbOrTx,
  order: { id: number; fundraiserId: number; participantId: number | null },
  amounts: { itemsCents: number; donationCents: number; roundUpCents: number },
): Promise<void> {
  const base = { fundraiserId: order.fundraiserId, participantId: order.participantId, orderId: order.id };
  const gift = amounts.donationCents + amounts.roundUpCents;
  const rows = [
    ...(amounts.itemsCents > 0 || gift === 0 ? [{ ...base, kind: 'sale' as const, amountCents: amounts.itemsCents }] : []),
    ...(gift > 0 ? [{ ...base, kind: 'donation' as const, amountCents: gift }] : []),
  ];
  await tx.insert(wholesaleParticipantCredits).values(rows);
}

/**
 * On a cancellation (refund), in its transaction: one 'reversal' row of minus everything the
 * order credited (sale and donation). Nothing when it credited nothing or was already reversed.
 */
export async function reverseOrderCredit(tx: DbOrTx, orderId: number): Promise<void> {
  const [credited] = await tx
    .select({
      fundraiserId: sql<number>`min(${wholesaleParticipantCredits.fundraiserId})::int`,
      participantId: sql<number | null>`min(${wholesaleParticipantCredits.participantId})::int`,
      cents: sql<number>`coalesce(sum(${wholesaleParticipantCredits.amountCents}), 0)::int`,
      rows: sql<number>`count(*)::int`,
    })
    .from(wholesaleParticipantCredits)
    .where(and(eq(wholesaleParticipantCredits.orderId, orderId), inArray(wholesaleParticipantCredits.kind, ['sale', 'donation'])));
  if (!credited || credited.rows === 0) return;
  await tx
    .insert(wholesaleParticipantCredits)
    .values({ fundraiserId: credited.fundraiserId, participantId: credited.participantId, orderId, kind: 'reversal', amountCents: -credited.cents })
    .onConflictDoNothing();
}
