import { api } from '../../../lib/api-client.ts';
import type { Envelope } from './contracts.ts';

export interface Availability {
  available: boolean;
  available_quantity: number | null;
  requested: number;
  errors: string[];
}

/** The server's §5 stock check for `quantity` more of a selection (the cart's units included by the caller). */
export function checkAvailability(itemId: number, quantity: number, selectedOptions: Record<string, number[]>): Promise<Availability> {
  return api
    .post<Envelope<Availability>>(`/wholesale/items/${itemId}/check_availability`, { quantity, selected_options: selectedOptions })
    .then((r) => r.data);
}
