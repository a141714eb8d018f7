import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReservationOutput, ReservationUpdateInput } from '@kusina/domain/reservations';
import { api } from '../../../lib/api-client.ts';
import { reservationListsKey } from './get-reservations.ts';

export type UpdateReservationInput = ReservationUpdateInput & { id: number };

export function updateReservation({ id, ...body }: UpdateReservationInput): Promise<ReservationOutput> {
  return api.patch<ReservationOutput>(`/reservations/${id}`, { reservation: body });
}

export function useUpdateReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationOptions({ mutationKey: ['reservations', 'update'], mutationFn: updateReservation }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reservationListsKey }),
  });
}
