import { and, desc, eq, lt } from 'drizzle-orm';
import type { AuditEntryOutput, AuditListOutput } from '@kusina/domain/team';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { ServiceDeps } from '../../deps.ts';
import type { SessionUser } from '../../lib/access.ts';

/**
 * The audit log (issue #37, decision 0113): who changed what, when. A change writes its entry in
 * its own transaction, so an entry exists exactly when the change does.
 */

export interface AuditEntry {
  restaurantId: number;
  /** Who acted; null for the system (a seed, a command). */
  actor: Pick<SessionUser, 'id' | 'email' | 'firstName' | 'lastName'> | null;
  /** e.g. team.invite, team.role, promo.create, vip.revoke */
  action: string;
  /** What was changed, as people read it (an e-mail, a code). */
  target: string;
  /** One sentence: what happened. */
  summary: string;
  details?: Record<string, unknown>;
}

export function actorLabel(actor: AuditEntry['actor']): string | null {
  if (!actor) return null;
  const name = `${actor.firstName} ${actor.lastName}`.trim();
  return name ? `${name} (${actor.email})` : actor.email;
}

/** Writes one entry in the caller's transaction. */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    restaurantId: entry.restaurantId,
    actorId: entry.actor?.id ?? null,
    actorLabel: actorLabel(entry.actor),
    action: entry.action,
    target: entry.target,
    summary: entry.summary,
    details: entry.details ?? {},
  });
}

function toOutput(row: typeof auditLog.$inferSelect): AuditEntryOutput {
  return {
    id: row.id,
    restaurant_id: row.restaurantId,
    actor: row.actorLabel,
    action: row.action,
    target: row.target,
    summary: row.summary,
    created_at: row.createdAt.toISOString(),
  };
}

/** A restaurant's entries, newest first, a page at a time (before_id: the last id of the page before). */
export async function listAudit(deps: Pick<ServiceDeps, 'db'>, restaurantId: number, page: { beforeId?: number | undefined; limit: number }): Promise<AuditListOutput> {
  const rows = await deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.restaurantId, restaurantId), page.beforeId ? lt(auditLog.id, page.beforeId) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(page.limit + 1);
  const entries = rows.slice(0, page.limit).map(toOutput);
  return { entries, next_before_id: rows.length > page.limit ? (entries.at(-1)?.id ?? null) : null };
}
