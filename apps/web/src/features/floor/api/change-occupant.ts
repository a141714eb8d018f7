import type { OccupantType, SeatAllocationOutput } from '@kusina/domain/seat-allocations';
import { api } from '../../../lib/api-client.ts';

export type OccupantAction = 'arrive' | 'finish' | 'no_show' | 'cancel';

export const changeOccupant = (action: OccupantAction, occupant: { occupant_type: OccupantType; occupant_id: number }) =>
  api.post<SeatAllocationOutput[]>(`/seat_allocations/${action}`, occupant);
