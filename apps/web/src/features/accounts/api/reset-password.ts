import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { AuthOutput, ResetPasswordInput } from '@kusina/domain/accounts';
import { api } from '../../../lib/api-client.ts';

/** PATCH /password/reset → { jwt, user } and the session cookie (the reset signs the user in); 422 on a bad or expired token. */
export function resetPassword(input: ResetPasswordInput): Promise<AuthOutput> {
  return api.patch<AuthOutput>('/password/reset', input);
}

export function getResetPasswordMutationOptions() {
  return mutationOptions({ mutationKey: ['password', 'reset'], mutationFn: resetPassword, meta: { globalLoading: true } });
}

export function useResetPassword() {
  return useMutation(getResetPasswordMutationOptions());
}
