import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditListOutput } from '@kusina/domain/team';
import { api } from '../../../lib/api-client.ts';

export const AUDIT_PAGE_SIZE = 25;

/** GET /audit_log (admins): who changed what and when, newest first, a page at a time. */
export function getAuditLog(beforeId: number | null): Promise<AuditListOutput> {
  return api.get<AuditListOutput>('/audit_log', { query: { limit: String(AUDIT_PAGE_SIZE), before_id: beforeId ? String(beforeId) : undefined } });
}

export const auditLogKey = ['admin', 'audit-log'] as const;

export function getAuditLogQueryOptions() {
  return infiniteQueryOptions({
    queryKey: auditLogKey,
    queryFn: ({ pageParam }) => getAuditLog(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before_id,
    meta: { userScoped: true },
  });
}

export function useAuditLog() {
  return useInfiniteQuery(getAuditLogQueryOptions());
}
