import type { SeatAllocationOutput } from '@kusina/domain/seat-allocations';
import { api } from '../../../lib/api-client.ts';
import { type SeatPartyBody } from './seat-party.ts';

export const reserveSeats = (body: SeatPartyBody) => api.post<SeatAllocationOutput[]>('/seat_allocations/reserve', body);
