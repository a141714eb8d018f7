import { api } from '../../../lib/api-client.ts';
import { base, useWholesaleMutation } from './admin-request.ts';

export const useUpdateVariant = () => useWholesaleMutation(({ id, stock }: { id: number; stock: number }) => api.patch(`${base}/variants/${id}`, { stock_quantity: stock }));
