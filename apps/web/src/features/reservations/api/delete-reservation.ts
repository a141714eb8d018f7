import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reservationListsKey } from './get-reservations.ts';

export function deleteReservation(id: number): Promise<void> {
  return api.delete<void>(`/reservations/${id}`);
}

export function useDeleteReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationOptions({ mutationKey: ['reservations', 'delete'], mutationFn: deleteReservation }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reservationListsKey }),
  });
}
