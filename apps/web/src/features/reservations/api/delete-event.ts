import { api } from '../../../lib/api-client.ts';

export const deleteEvent = (id: number) => api.delete<void>(`/special_events/${id}`);
