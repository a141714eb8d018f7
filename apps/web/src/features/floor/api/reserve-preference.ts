import type { SeatAllocationOutput } from '@kusina/domain/seat-allocations';
import { api } from '../../../lib/api-client.ts';

/** Assigning a seat preference (§4): hold an option's seats, by label, for a booked reservation. */
export interface ReservePreferenceBody {
  occupant_type: 'reservation';
  occupant_id: number;
  seat_labels: string[];
  date: string;
}

export const reservePreference = (body: ReservePreferenceBody) => api.post<SeatAllocationOutput[]>('/seat_allocations/reserve', body);
