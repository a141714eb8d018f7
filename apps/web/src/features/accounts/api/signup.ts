import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { AuthOutput, SignupInput } from '@kusina/domain/accounts';
import { api } from '../../../lib/api-client.ts';

/** POST /auth/signup → 201 { jwt, user } and the session cookie (the page keeps only the user); 409 names the duplicate email in details.fields.email. */
export function signup(input: SignupInput): Promise<AuthOutput> {
  return api.post<AuthOutput>('/auth/signup', input);
}

export function getSignupMutationOptions() {
  return mutationOptions({ mutationKey: ['auth', 'signup'], mutationFn: signup, meta: { globalLoading: true } });
}

export function useSignup() {
  return useMutation(getSignupMutationOptions());
}
