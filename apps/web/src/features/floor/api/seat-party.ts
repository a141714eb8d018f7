import type { OccupantType, SeatAllocationOutput } from '@kusina/domain/seat-allocations';
import { api } from '../../../lib/api-client.ts';

export interface SeatPartyBody {
  occupant_type: OccupantType;
  occupant_id: number;
  seat_ids: number[];
  date: string;
}

export const seatParty = (body: SeatPartyBody) => api.post<SeatAllocationOutput[]>('/seat_allocations/multi_create', body);
