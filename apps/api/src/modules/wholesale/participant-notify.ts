import { eq } from 'drizzle-orm';
import { WholesaleMessages, type ParticipantNotifyOutput } from '@kusina/domain/wholesale';
import type { DbOrTx } from '../../db/client.ts';
import { wholesaleFundraisers, wholesaleParticipants } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../deps.ts';

/**
 * A participant's opt-in to "someone supported you" messages (issue #36 item 4, decision 0121),
 * read and set in management only: the contact never appears in the shop's answers.
 */
async function managedParticipant(db: DbOrTx, restaurantId: number, participantId: number) {
  const [row] = await db
    .select({ id: wholesaleParticipants.id, channel: wholesaleParticipants.notifyChannel, contact: wholesaleParticipants.notifyContact, restaurantId: wholesaleFundraisers.restaurantId })
    .from(wholesaleParticipants)
    .innerJoin(wholesaleFundraisers, eq(wholesaleFundraisers.id, wholesaleParticipants.fundraiserId))
    .where(eq(wholesaleParticipants.id, participantId));
  if (!row || row.restaurantId !== restaurantId) throw AppError.notFound(WholesaleMessages.participantNotFound);
  return row;
}

export async function getParticipantNotify({ db }: Pick<ServiceDeps, 'db'>, restaurantId: number, participantId: number): Promise<ParticipantNotifyOutput> {
  const row = await managedParticipant(db, restaurantId, participantId);
  return { participant_id: row.id, channel: row.channel, contact: row.contact };
}

export async function setParticipantNotify({ db }: Pick<ServiceDeps, 'db'>, restaurantId: number, participantId: number, input: { channel: 'none' | 'sms' | 'email'; contact: string | null }): Promise<ParticipantNotifyOutput> {
  await managedParticipant(db, restaurantId, participantId);
  const [row] = await db
    .update(wholesaleParticipants)
    .set({ notifyChannel: input.channel, notifyContact: input.contact, updatedAt: new Date() })
    .where(eq(wholesaleParticipants.id, participantId))
    .returning({ id: wholesaleParticipants.id, channel: wholesaleParticipants.notifyChannel, contact: wholesaleParticipants.notifyContact });
  return { participant_id: row!.id, channel: row!.channel, contact: row!.contact };
}
