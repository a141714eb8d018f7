import { api } from '../../../lib/api-client.ts';
import { base, useWholesaleMutation } from './admin-request.ts';

export const useOrderStatus = () => useWholesaleMutation(({ id, status }: { id: number; status: string }) => api.patch(`${base}/orders/${id}/status`, { status }));
