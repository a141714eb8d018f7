import type { ParticipantInput } from '@kusina/domain/wholesale';
import { api } from '../../../lib/api-client.ts';
import { base, useWholesaleMutation } from './admin-request.ts';

export const useUpdateParticipant = () => useWholesaleMutation(({ id, input }: { id: number; input: ParticipantInput }) => api.put(`${base}/participants/${id}`, input));
