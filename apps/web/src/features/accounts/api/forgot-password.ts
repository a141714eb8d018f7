import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput, MessageOutput } from '@kusina/domain/accounts';
import { api } from '../../../lib/api-client.ts';

/** POST /password/forgot { email } → { message } (the same answer whether or not the email exists). */
export function forgotPassword(input: ForgotPasswordInput): Promise<MessageOutput> {
  return api.post<MessageOutput>('/password/forgot', input);
}

export function getForgotPasswordMutationOptions() {
  return mutationOptions({ mutationKey: ['password', 'forgot'], mutationFn: forgotPassword, meta: { globalLoading: true } });
}

export function useForgotPassword() {
  return useMutation(getForgotPasswordMutationOptions());
}
