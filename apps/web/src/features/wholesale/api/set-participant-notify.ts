import type { ParticipantNotifyInput, ParticipantNotifyOutput } from '@kusina/domain/wholesale';
import { api } from '../../../lib/api-client.ts';
import { type Envelope, base, useWholesaleMutation } from './admin-request.ts';

export const useSetParticipantNotify = () =>
  useWholesaleMutation(({ participantId, input }: { participantId: number; input: ParticipantNotifyInput }) =>
    api.put<Envelope<{ notifications: ParticipantNotifyOutput }>>(`${base}/participants/${participantId}/notifications`, input).then((r) => r.data.notifications),
  );
