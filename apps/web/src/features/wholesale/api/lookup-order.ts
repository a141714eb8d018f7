import { useMutation } from '@tanstack/react-query';
import type { OrderLookupInput } from '@kusina/domain/wholesale';
import { api } from '../../../lib/api-client.ts';
import type { Envelope } from './contracts.ts';

/** POST /wholesale/orders/lookup: e-mails a link to a matching order; the answer is the same either way (decision 0123). */
export function lookupOrder(input: OrderLookupInput): Promise<string> {
  return api.post<Envelope<null>>('/wholesale/orders/lookup', input).then((r) => r.message);
}

export function useLookupOrder() {
  return useMutation({ mutationFn: lookupOrder });
}
