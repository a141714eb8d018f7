import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ParticipantNotifyOutput } from '@kusina/domain/wholesale';
import { api } from '../../../lib/api-client.ts';
import { type Envelope, base, wholesaleAdminKey } from './admin-request.ts';

export function getParticipantNotifyQueryOptions(participantId: number) {
  return queryOptions({
    queryKey: [...wholesaleAdminKey, 'participant-notify', participantId],
    queryFn: () => api.get<Envelope<{ notifications: ParticipantNotifyOutput }>>(`${base}/participants/${participantId}/notifications`).then((r) => r.data.notifications),
    meta: { userScoped: true },
  });
}

export const useParticipantNotify = (participantId: number, enabled: boolean) => useQuery({ ...getParticipantNotifyQueryOptions(participantId), enabled });
