import type { OrganiserInviteResult } from '@kusina/domain/wholesale-organisers';
import { api } from '../../../lib/api-client.ts';
import { type Envelope, base, useWholesaleMutation } from './admin-request.ts';

/** POST /wholesale/admin/fundraisers/:id/organisers: an invite through the outbox, or an existing organiser assigned (decision 0124). */
export const useInviteOrganiser = () =>
  useWholesaleMutation(({ fundraiserId, email }: { fundraiserId: number; email: string }) =>
    api.post<Envelope<OrganiserInviteResult>>(`${base}/fundraisers/${fundraiserId}/organisers`, { email }).then((r) => ({ ...r.data, message: r.message })),
  );
