import { and, desc, eq, ne } from 'drizzle-orm';
import { rankByRaised, supporterDisplayName } from '@kusina/domain/supporter-rules';
import type { LeaderboardOutput } from '@kusina/domain/wholesale';
import type { DbOrTx } from '../../db/client.ts';
import { wholesaleOrders, wholesaleParticipants } from '../../db/schema/index.ts';
import { participantsOf } from './repository.ts';

/** How many supporters the wall shows. */
export const SUPPORTERS_WALL_SIZE = 12;

/**
 * A fundraiser's leaderboard (issue #36 item 2, decision 0119): its active participants ranked by
 * the ledger's net (sales and donations less reversals) with their progress against their goal,
 * and the most recent supporters of orders not cancelled, each shown as they chose at checkout —
 * 'Maria C.' or 'Anonymous', derived here; no full name, e-mail or phone leaves the server.
 */
export async function leaderboardOf(db: DbOrTx, fundraiserId: number): Promise<LeaderboardOutput> {
  const [participants, recent] = await Promise.all([
    participantsOf(db, fundraiserId),
    db
      .select({ customerName: wholesaleOrders.customerName, display: wholesaleOrders.supporterDisplay, participantName: wholesaleParticipants.name, createdAt: wholesaleOrders.createdAt })
      .from(wholesaleOrders)
      .leftJoin(wholesaleParticipants, eq(wholesaleParticipants.id, wholesaleOrders.participantId))
      .where(and(eq(wholesaleOrders.fundraiserId, fundraiserId), ne(wholesaleOrders.status, 'cancelled')))
      .orderBy(desc(wholesaleOrders.createdAt), desc(wholesaleOrders.id))
      .limit(SUPPORTERS_WALL_SIZE),
  ]);
  return {
    participants: rankByRaised(participants).map((p) => ({
      rank: p.rank,
      id: p.id,
      name: p.name,
      photoUrl: p.photoUrl,
      raisedCents: p.raisedCents,
      goalCents: p.goalCents,
      progressPercent: p.progressPercent,
    })),
    supporters: recent.map((r) => ({ display_name: supporterDisplayName(r.customerName, r.display), participant_name: r.participantName, created_at: r.createdAt.toISOString() })),
  };
}
