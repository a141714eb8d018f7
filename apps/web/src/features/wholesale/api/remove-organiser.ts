import { api } from '../../../lib/api-client.ts';
import { base, useWholesaleMutation } from './admin-request.ts';

/** DELETE /wholesale/admin/fundraisers/:id/organisers/:userId: their next request about it is refused. */
export const useRemoveOrganiser = () =>
  useWholesaleMutation(({ fundraiserId, userId }: { fundraiserId: number; userId: number }) => api.delete(`${base}/fundraisers/${fundraiserId}/organisers/${userId}`));
