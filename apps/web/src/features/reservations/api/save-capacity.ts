import type { LocationCapacityOutput } from '@kusina/domain/reservations';
import { api } from '../../../lib/api-client.ts';

export const saveCapacity = (capacity: LocationCapacityOutput, body: { total_capacity: number; default_table_capacity: number }) =>
  capacity.id === 0
    ? api.post<LocationCapacityOutput>('/location_capacities', { location_id: capacity.location_id, ...body })
    : api.put<LocationCapacityOutput>(`/location_capacities/${capacity.id}`, body);
