import { z } from 'zod';

/**
 * The spec only requires a password; we hold it to a floor that a polished product would
 * (docs/decisions/0004-password-policy.md): 8 to 128 characters, not only spaces.
 */
export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine((value) => value.trim().length > 0, { message: 'Password is required' });
