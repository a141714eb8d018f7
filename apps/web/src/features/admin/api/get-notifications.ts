import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** One message of the outbox (phone codes, reset links) as GET /admin/notifications lists it. */
export interface OutboxMessage {
  id: number;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  status: string;
  transport: string;
  created_at: string;
  sent_at: string | null;
}

export interface OutboxPage {
  messages: OutboxMessage[];
  total: number;
  page: number;
  per_page: number;
}

export interface NotificationsFilter {
  channel?: string;
  recipient?: string;
  page: number;
  perPage: number;
}

/** GET /admin/notifications?channel=&recipient=&page=&per_page= (admins only). */
export function getNotifications({ channel, recipient, page, perPage }: NotificationsFilter): Promise<OutboxPage> {
  return api.get<OutboxPage>('/admin/notifications', { query: { channel, recipient, page, per_page: perPage } });
}

export function getNotificationsQueryOptions(filter: NotificationsFilter) {
  return queryOptions({
    queryKey: ['admin', 'notifications', filter],
    queryFn: () => getNotifications(filter),
    meta: { userScoped: true },
    placeholderData: keepPreviousData,
    // New codes and links arrive while a person is waiting for one.
    refetchInterval: 15_000,
  });
}

export function useNotifications(filter: NotificationsFilter) {
  return useQuery(getNotificationsQueryOptions(filter));
}
