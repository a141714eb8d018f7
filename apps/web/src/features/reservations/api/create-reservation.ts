import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReservationCreateInput, ReservationOutput } from '@kusina/domain/reservations';
import { api } from '../../../lib/api-client.ts';
import { reservationListsKey } from './get-reservations.ts';

export function createReservation(body: ReservationCreateInput): Promise<ReservationOutput> {
  return api.post<ReservationOutput>('/reservations', { reservation: body });
}

export function useCreateReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationOptions({ mutationKey: ['reservations', 'create'], mutationFn: createReservation }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reservationListsKey }),
  });
}
