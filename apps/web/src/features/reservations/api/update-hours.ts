import type { OperatingHoursOutput, OperatingHoursUpdateInput } from '@kusina/domain/reservations';
import { api } from '../../../lib/api-client.ts';

export const updateHours = (id: number, body: OperatingHoursUpdateInput) => api.patch<OperatingHoursOutput>(`/operating_hours/${id}`, body);
