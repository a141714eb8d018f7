import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'wouter';
import { toast } from '../../../lib/toast.ts';
import { SignupInput } from '@kusina/domain/accounts';
import { AccountMessages } from '@kusina/domain/messages';
import { DEFAULT_PHONE_PREFIX, PHONE_EXAMPLE } from '@kusina/domain/phone-rules';
import { PASSWORD_MIN_LENGTH } from '@kusina/domain/password';
import { applyFieldErrors, errorMessage } from '../../../lib/errors.ts';
import { getRestaurantId } from '../../../lib/restaurant-id.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useSignup } from '../api/signup.ts';
import { AuthCard } from '../components/auth-card.tsx';

const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'password', 'password_confirmation'] as const;

export function SignupPage() {
  useDocumentTitle('Create Account');
  const [, navigate] = useLocation();
  const setSession = useAuthStore((state) => state.setSession);
  const signup = useSignup();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(SignupInput),
    mode: 'onTouched',
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone: DEFAULT_PHONE_PREFIX,
      password: '',
      password_confirmation: '',
      restaurant_id: getRestaurantId(),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const session = await signup.mutateAsync(values);
      // Session first, then navigate: /verify-phone only admits a signed-in visitor.
      setSession(session);
      toast.success(AccountMessages.accountCreated);
      navigate('/verify-phone', { replace: true });
    } catch (error) {
      if (!applyFieldErrors(error, setError, FIELDS)) setFormError(errorMessage(error, 'Sign up failed. Please try again.'));
    }
  });

  return (
    <AuthCard
      title="Create Account"
      intro="Join to order ahead for pickup and keep your order history in one place."
      footer={
        <p>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-brand-ink underline-offset-4 hover:underline">
            Sign In
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" required error={errors.first_name?.message} {...register('first_name')} />
          <TextField label="Last name" autoComplete="family-name" required error={errors.last_name?.message} {...register('last_name')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" required error={errors.email?.message} {...register('email')} />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          hint={`We text a code to this number to verify it, e.g. ${PHONE_EXAMPLE}.`}
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField label="Confirm password" type="password" autoComplete="new-password" required error={errors.password_confirmation?.message} {...register('password_confirmation')} />
        <Button type="submit" block size="lg" loading={isSubmitting}>
          Create Account
        </Button>
      </form>
    </AuthCard>
  );
}
