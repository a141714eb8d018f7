import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { MessageOutput } from '@kusina/domain/accounts';
import { api } from '../../../lib/api-client.ts';

/** POST /auth/resend_code → { message }; 429 'Please wait before requesting another code' inside a minute. */
export function resendCode(): Promise<MessageOutput> {
  return api.post<MessageOutput>('/auth/resend_code');
}

export function getResendCodeMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'resend-code'], mutationFn: resendCode });
}

export function useResendCode() {
  return useMutation(getResendCodeMutationOptions());
}
