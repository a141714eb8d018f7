import { z } from 'zod';
import { coercedInt4 } from './integers.ts';
import { AccountMessages } from './messages.ts';
import { passwordSchema } from './password.ts';
import { phoneSchema } from './phone.ts';
import { roleSchema } from './roles.ts';

const name = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(100, `${label} is too long`);

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'))
  .transform((value) => value.toLowerCase());

/** The user as the API returns it (storefront.md §3 User; backoffice §3 logged-in user). */
export const UserOutput = z.object({
  id: z.int32(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  phone_verified: z.boolean(),
  role: roleSchema,
  restaurant_id: z.int32(),
});
export type UserOutput = z.infer<typeof UserOutput>;

/** Signup payload (storefront.md §3). restaurant_id defaults to the storefront's restaurant. */
export const SignupInput = z
  .object({
    first_name: name('First name'),
    last_name: name('Last name'),
    email: emailSchema,
    phone: phoneSchema,
    password: passwordSchema,
    password_confirmation: z.string({ error: 'Confirm your password' }),
    restaurant_id: coercedInt4().positive().optional(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: AccountMessages.passwordsDoNotMatch,
  });
export type SignupInput = z.infer<typeof SignupInput>;

export const LoginInput = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').transform((v) => v.toLowerCase()),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export type LoginInput = z.infer<typeof LoginInput>;

/** Login, signup and reset all answer with a token bound to a server-side session and the user. */
export const AuthOutput = z.object({ jwt: z.string(), user: UserOutput });
export type AuthOutput = z.infer<typeof AuthOutput>;

export const ProfileUpdateInput = z.object({
  user: z
    .object({
      first_name: name('First name'),
      last_name: name('Last name'),
      phone: phoneSchema,
      email: emailSchema,
      /** Needed only when the e-mail or phone changes (issue #33): a borrowed session cannot take the account. */
      current_password: z.string().max(200),
    })
    .partial(),
});
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateInput>;

export const ForgotPasswordInput = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

export const ResetPasswordInput = z
  .object({
    email: z.string().trim().min(1, AccountMessages.resetMissingTokenOrEmail).transform((v) => v.toLowerCase()),
    token: z.string().trim().min(1, AccountMessages.resetMissingTokenOrEmail),
    new_password: passwordSchema,
    new_password_confirmation: z.string({ error: 'Confirm your password' }),
  })
  .refine((v) => v.new_password === v.new_password_confirmation, {
    path: ['new_password_confirmation'],
    message: AccountMessages.passwordsDoNotMatchReset,
  });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

export const VerifyPhoneInput = z.object({
  code: z.string({ error: 'Code is required' }).trim().regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
export type VerifyPhoneInput = z.infer<typeof VerifyPhoneInput>;

export const MessageOutput = z.object({ message: z.string() });
export type MessageOutput = z.infer<typeof MessageOutput>;

/** POST /auth/verify_phone answers with the message and the user, now phone_verified. */
export const VerifyPhoneOutput = MessageOutput.extend({ user: UserOutput });
export type VerifyPhoneOutput = z.infer<typeof VerifyPhoneOutput>;

/** Phone codes and reset links (issue #2): constants the server enforces. */
export const PHONE_CODE_TTL_MINUTES = 10;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
export const PHONE_CODE_RESEND_SECONDS = 60;
export const PASSWORD_RESET_TTL_MINUTES = 60;
