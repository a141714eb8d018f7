import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { AuthOutput, LoginInput } from '@kusina/domain/accounts';
import { api } from '../../../lib/api-client.ts';

/** POST /auth/login → { jwt, user } and the session cookie (the page keeps only the user); 401 carries 'Invalid email or password. Please try again.' */
export function login(input: LoginInput): Promise<AuthOutput> {
  return api.post<AuthOutput>('/auth/login', input);
}

export function getLoginMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'login'], mutationFn: login, meta: { globalLoading: true } });
}

export function useLogin() {
  return useMutation(getLoginMutationOptions());
}
