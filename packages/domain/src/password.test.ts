import { describe, expect, it } from 'vitest';
import { SignupInput, ResetPasswordInput } from './accounts.ts';
import { passwordSchema } from './password.ts';

const signup = {
  first_name: 'Lani',
  last_name: 'Cruz',
  email: 'Lani@Example.com',
  phone: '+16715551234',
  password: 'hafa-adai-2026',
  password_confirmation: 'hafa-adai-2026',
};

describe('password rules', () => {
  it('requires 8 to 128 characters that are not only spaces', () => {
    expect(passwordSchema.safeParse('short').error?.issues[0]?.message).toBe('Password must be at least 8 characters');
    expect(passwordSchema.safeParse('        ').success).toBe(false);
    expect(passwordSchema.safeParse('x'.repeat(129)).success).toBe(false);
    expect(passwordSchema.safeParse('long enough').success).toBe(true);
  });

  it('signup: passwords must match, with the spec message on the confirmation field', () => {
    const result = SignupInput.safeParse({ ...signup, password_confirmation: 'something-else' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['password_confirmation'], message: 'Passwords do not match' }),
    ]);
  });

  it('signup: every field is required and the email is normalised', () => {
    const result = SignupInput.safeParse({});
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(['first_name', 'last_name', 'email', 'phone', 'password']));
    expect(SignupInput.parse(signup).email).toBe('lani@example.com');
  });

  it('reset: mismatched passwords use the reset wording', () => {
    const result = ResetPasswordInput.safeParse({
      email: 'a@b.co',
      token: 't',
      new_password: 'new-password-1',
      new_password_confirmation: 'new-password-2',
    });
    expect(result.error?.issues[0]?.message).toBe('Passwords do not match.');
  });
});
