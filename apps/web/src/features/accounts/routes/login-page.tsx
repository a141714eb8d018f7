import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'wouter';
import { toast } from '../../../lib/toast.ts';
import { LoginInput } from '@kusina/domain/accounts';
import { isOrganiserRole } from '@kusina/domain/roles';
import { AccountMessages } from '@kusina/domain/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useLocationState } from '../../../lib/router.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useLogin } from '../api/login.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { redirectTarget } from '../components/redirect-target.ts';

export function LoginPage() {
  useDocumentTitle('Sign In');
  const [, navigate] = useLocation();
  const locationState = useLocationState();
  const setSession = useAuthStore((state) => state.setSession);
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(LoginInput), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const session = await login.mutateAsync(values);
      setSession(session);
      toast.success(AccountMessages.welcomeBack);
      // An organiser lands on their fundraiser's management (decision 0124).
      navigate(redirectTarget(locationState, isOrganiserRole(session.user.role) ? '/admin' : '/'), { replace: true });
    } catch (error) {
      setFormError(error instanceof ApiError && error.status === 401 ? AccountMessages.invalidCredentials : errorMessage(error, 'Sign in failed. Please try again.'));
    }
  });

  return (
    <AuthCard
      title="Welcome Back"
      intro="Sign in to order ahead, track your pickups and see your order history."
      footer={
        <p>
          New to Kusina?{' '}
          <Link to="/signup" className="font-semibold text-brand-ink underline-offset-4 hover:underline">
            Sign Up
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-describedby={formError ? 'login-error' : undefined}>
        {formError ? (
          <div id="login-error">
            <Alert tone="error">{formError}</Alert>
          </div>
        ) : null}
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" required error={errors.email?.message} {...register('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" required error={errors.password?.message} {...register('password')} />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-ink underline-offset-4 hover:underline">
            Forgot Password?
          </Link>
        </div>
        <Button type="submit" block size="lg" loading={isSubmitting}>
          Sign In
        </Button>
      </form>
    </AuthCard>
  );
}
