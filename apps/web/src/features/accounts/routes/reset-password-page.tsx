import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Redirect, useLocation, useSearchParams } from 'wouter';
import { toast } from '../../../lib/toast.ts';
import { ResetPasswordInput } from '@kusina/domain/accounts';
import { AccountMessages } from '@kusina/domain/messages';
import { PASSWORD_MIN_LENGTH } from '@kusina/domain/password';
import { applyFieldErrors, errorMessage } from '../../../lib/errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from '../components/auth-card.tsx';

/** storefront.md §9: after a successful reset the page moves on to /ordering after 1.5 s. */
export const RESET_REDIRECT_MS = 1500;
export const RESET_SUCCESS_MESSAGE = 'Your password has been reset and you are signed in.';

export function ResetPasswordPage() {
  useDocumentTitle('Reset Your Password');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  if (!token || !email) return <InvalidResetLink />;
  return <ResetPasswordForm token={token} email={email} />;
}

function InvalidResetLink() {
  useEffect(() => {
    // A fixed id: StrictMode's double effect (or a quick re-render) shows one toast, not two.
    toast.error(AccountMessages.resetLinkInvalid, { id: 'reset-link-invalid' });
  }, []);
  return <Redirect to="/forgot-password" replace />;
}

function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const [, navigate] = useLocation();
  const setSession = useAuthStore((state) => state.setSession);
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ResetPasswordInput),
    mode: 'onTouched',
    // email and token come from the link; the resolver checks them with the two visible fields.
    defaultValues: { email, token, new_password: '', new_password_confirmation: '' },
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/ordering', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const session = await reset.mutateAsync(values);
      // The reset answers with a token and the user: it signs the user in (storefront.md §4).
      setSession(session);
      toast.success(RESET_SUCCESS_MESSAGE);
      setDone(true);
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['new_password', 'new_password_confirmation'])) {
        setFormError(errorMessage(error, AccountMessages.resetFailed));
      }
    }
  });

  return (
    <AuthCard title="Reset Your Password" intro={<>Choose a new password for <strong className="break-all text-ink">{email}</strong>.</>}>
      {done ? (
        <Alert tone="success" title={RESET_SUCCESS_MESSAGE}>
          Taking you to ordering…
        </Alert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          {errors.token?.message || errors.email?.message ? <Alert tone="error">{AccountMessages.resetMissingTokenOrEmail}</Alert> : null}
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            error={errors.new_password?.message}
            {...register('new_password')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            required
            error={errors.new_password_confirmation?.message}
            {...register('new_password_confirmation')}
          />
          <Button type="submit" block size="lg" loading={isSubmitting}>
            Reset Password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
