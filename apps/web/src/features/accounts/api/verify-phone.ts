import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { MessageOutput, UserOutput, VerifyPhoneInput } from '@kusina/domain/accounts';
import { api } from '../../../lib/api-client.ts';

export interface VerifyPhoneOutput extends MessageOutput {
  user: UserOutput;
}

/** POST /auth/verify_phone { code } → { message, user }; 422 'Invalid code or verification expired.' */
export function verifyPhone(input: VerifyPhoneInput): Promise<VerifyPhoneOutput> {
  return api.post<VerifyPhoneOutput>('/auth/verify_phone', input);
}

export function getVerifyPhoneMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'verify-phone'], mutationFn: verifyPhone, meta: { globalLoading: true } });
}

export function useVerifyPhone() {
  return useMutation(getVerifyPhoneMutationOptions());
}
