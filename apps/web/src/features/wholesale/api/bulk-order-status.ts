import { api } from '../../../lib/api-client.ts';
import { type Envelope, base, useWholesaleMutation } from './admin-request.ts';

export const useBulkStatus = () =>
  useWholesaleMutation(({ ids, status }: { ids: number[]; status: string }) =>
    api.post<Envelope<{ results: { id: number; ok: boolean; message: string | null }[] }>>(`${base}/orders/bulk_status`, { order_ids: ids, status }).then((r) => r.data.results),
  );
