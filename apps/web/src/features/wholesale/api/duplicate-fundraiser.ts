import type { FundraiserDetailOutput } from '@kusina/domain/wholesale';
import { api } from '../../../lib/api-client.ts';
import { type Envelope, base, useWholesaleMutation } from './admin-request.ts';

export const useDuplicateFundraiser = () =>
  useWholesaleMutation((id: number) => api.post<Envelope<{ fundraiser: FundraiserDetailOutput }>>(`${base}/fundraisers/${id}/duplicate`).then((r) => r.data.fundraiser));
