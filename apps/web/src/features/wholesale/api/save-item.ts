import type { ItemInput, ItemOutput } from '@kusina/domain/wholesale';
import { api } from '../../../lib/api-client.ts';
import { type Envelope, base, useWholesaleMutation } from './admin-request.ts';

export const useSaveItem = () =>
  useWholesaleMutation(({ fundraiserId, id, input }: { fundraiserId: number; id: number | null; input: ItemInput }) =>
    (id === null ? api.post<Envelope<{ item: ItemOutput }>>(`${base}/fundraisers/${fundraiserId}/items`, input) : api.put<Envelope<{ item: ItemOutput }>>(`${base}/items/${id}`, input)).then((r) => r.data.item),
  );
