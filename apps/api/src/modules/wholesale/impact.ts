import { eq, sql } from 'drizzle-orm';
import { formatUSD } from '@kusina/domain/money';
import { supporterDisplayName } from '@kusina/domain/supporter-rules';
import { goalProgress, type ImpactOutput } from '@kusina/domain/wholesale';
import type { DbOrTx } from '../../db/client.ts';
import { wholesaleParticipantCredits, wholesaleParticipants } from '../../db/schema/index.ts';
import type { NotificationMessage } from '../notifications/service.ts';
import type { FundraiserRow, WholesaleOrderRow } from './repository.ts';

/**
 * What an order added (issue #36 item 4): the net of its ledger rows (0 once cancelled), and where
 * its participant — or the team, for general support — stands now against the goal, all from the
 * ledger.
 */
export async function impactOf(db: DbOrTx, order: WholesaleOrderRow, fundraiser: FundraiserRow): Promise<ImpactOutput> {
  const [added] = await db
    .select({ cents: sql<number>`coalesce(sum(${wholesaleParticipantCredits.amountCents}), 0)::int` })
    .from(wholesaleParticipantCredits)
    .where(eq(wholesaleParticipantCredits.orderId, order.id));
  const base = { added_cents: added?.cents ?? 0, fundraiser_slug: fundraiser.slug, fundraiser_name: fundraiser.name };
  const participant = order.participantId === null ? null : await participantStanding(db, order.participantId);
  if (participant) {
    return { ...base, participant_id: participant.id, recipient_name: participant.name, raised_cents: participant.raised, goal_cents: participant.goalCents, progress_percent: goalProgress(participant.raised, participant.goalCents) };
  }
  const [team] = await db
    .select({ cents: sql<number>`coalesce(sum(${wholesaleParticipantCredits.amountCents}), 0)::int` })
    .from(wholesaleParticipantCredits)
    .where(eq(wholesaleParticipantCredits.fundraiserId, fundraiser.id));
  const raised = team?.cents ?? 0;
  return { ...base, participant_id: null, recipient_name: null, raised_cents: raised, goal_cents: fundraiser.goalCents, progress_percent: goalProgress(raised, fundraiser.goalCents) };
}

async function participantStanding(db: DbOrTx, participantId: number) {
  const [row] = await db
    .select({
      id: wholesaleParticipants.id,
      name: wholesaleParticipants.name,
      goalCents: wholesaleParticipants.goalCents,
      notifyChannel: wholesaleParticipants.notifyChannel,
      notifyContact: wholesaleParticipants.notifyContact,
      raised: sql<number>`(SELECT coalesce(sum(c.amount_cents), 0)::int FROM wholesale_participant_credits c WHERE c.participant_id = ${wholesaleParticipants}.id)`,
    })
    .from(wholesaleParticipants)
    .where(eq(wholesaleParticipants.id, participantId));
  return row ?? null;
}

/**
 * The message to a participant who opted in (decision 0121) that someone supported them, written
 * in the order's transaction after its credit: who (as the supporter chose to be shown), what it
 * added and where their goal stands. Never the supporter's contact details. None without opt-in.
 */
export async function supportedMessages(
  tx: DbOrTx,
  order: Pick<WholesaleOrderRow, 'id' | 'restaurantId' | 'participantId' | 'customerName' | 'supporterDisplay'>,
  fundraiser: Pick<FundraiserRow, 'name'>,
  addedCents: number,
  link: string,
): Promise<NotificationMessage[]> {
  if (order.participantId === null) return [];
  const p = await participantStanding(tx, order.participantId);
  if (!p || p.notifyChannel === 'none' || !p.notifyContact) return [];
  const who = order.supporterDisplay === 'name' ? supporterDisplayName(order.customerName, 'name') : 'Someone';
  const progress = goalProgress(p.raised, p.goalCents);
  const standing = p.goalCents !== null && progress !== null ? `you are now at ${progress}% of your ${formatUSD(p.goalCents)} goal` : `you have raised ${formatUSD(p.raised)} so far`;
  const body = `${who} just supported you in ${fundraiser.name}: ${formatUSD(addedCents)} added, ${standing}. Share your page: ${link}`;
  return [
    {
      restaurantId: order.restaurantId,
      userId: null,
      channel: p.notifyChannel,
      recipient: p.notifyContact,
      subject: p.notifyChannel === 'email' ? `${who} supported you in ${fundraiser.name}` : null,
      body,
      template: 'wholesale_participant_supported',
    },
  ];
}
