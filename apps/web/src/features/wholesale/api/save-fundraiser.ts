import type { FundraiserDetailOutput, FundraiserInput } from '@kusina/domain/wholesale';
import { api } from '../../../lib/api-client.ts';
import { type Envelope, base, useWholesaleMutation } from './admin-request.ts';

export const useSaveFundraiser = () =>
  useWholesaleMutation(({ id, input }: { id: number | null; input: FundraiserInput }) =>
    (id === null ? api.post<Envelope<{ fundraiser: FundraiserDetailOutput }>>(`${base}/fundraisers`, input) : api.put<Envelope<{ fundraiser: FundraiserDetailOutput }>>(`${base}/fundraisers/${id}`, input)).then(
      (r) => r.data.fundraiser,
    ),
  );
