import type { ParticipantInput } from '@kusina/domain/wholesale';
import { api } from '../../../lib/api-client.ts';
import { base, useWholesaleMutation } from './admin-request.ts';

export const useAddParticipant = () =>
  useWholesaleMutation(({ fundraiserId, input }: { fundraiserId: number; input: ParticipantInput }) => api.post(`${base}/fundraisers/${fundraiserId}/participants`, input));
