import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordInput } from '@kusina/domain/accounts';
import { AccountMessages } from '@kusina/domain/messages';
import { applyFieldErrors, errorMessage } from '../../../lib/errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from '../components/auth-card.tsx';

type Outcome = { tone: 'success' | 'error'; message: string } | null;

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const forgot = useForgotPassword();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ForgotPasswordInput), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const result = await forgot.mutateAsync(values);
      setOutcome({ tone: 'success', message: result?.message || AccountMessages.forgotSent });
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['email'])) setOutcome({ tone: 'error', message: errorMessage(error, AccountMessages.forgotFailed) });
    }
  });

  return (
    <AuthCard title="Forgot Password" intro="Enter the email you signed up with and we will send you a link to choose a new password.">
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {outcome ? <Alert tone={outcome.tone}>{outcome.message}</Alert> : null}
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" required error={errors.email?.message} {...register('email')} />
        <div className="flex flex-col gap-3">
          <Button type="submit" block size="lg" loading={isSubmitting}>
            Send Reset Link
          </Button>
          <ButtonLink to="/login" variant="secondary" block>
            Back to Login
          </ButtonLink>
        </div>
      </form>
    </AuthCard>
  );
}
