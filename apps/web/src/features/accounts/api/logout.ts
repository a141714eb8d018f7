import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /auth/logout → 204: the server ends the cookie's session, its sockets included. */
export function logout(): Promise<void> {
  return api.post<void>('/auth/logout');
}

export function getLogoutMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'logout'], mutationFn: logout });
}

export function useLogout() {
  return useMutation(getLogoutMutationOptions());
}
