import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useSearchParams } from 'wouter';
import { AcceptInviteInput, type InvitePreviewOutput } from '@kusina/domain/team';
import { TeamMessages } from '@kusina/domain/team-rules';
import { PASSWORD_MIN_LENGTH } from '@kusina/domain/password';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { applyFieldErrors, errorMessage } from '../../../lib/errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useAcceptInvite } from '../api/accept-invite.ts';
import { usePreviewInvite } from '../api/preview-invite.ts';
import { AuthCard } from '../components/auth-card.tsx';

export const ACCEPT_INVITE_TITLE = 'Join the Team';

/**
 * /accept-invite?token=…&email=… (issue #37): the e-mailed invite link. The invitee chooses a
 * name and password and is signed in with the role the admin gave, then lands on /admin.
 * Reachable signed in too: accepting replaces the current session.
 */
export function AcceptInvitePage() {
  useDocumentTitle(ACCEPT_INVITE_TITLE);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email')?.trim().toLowerCase() ?? '';
  if (!token || !email) return <InvalidInvite />;
  return <InviteLoader token={token} email={email} />;
}

function InvalidInvite({ message = TeamMessages.inviteInvalid }: { message?: string }) {
  return (
    <AuthCard title={ACCEPT_INVITE_TITLE}>
      <div className="space-y-4">
        <Alert tone="error">{message}</Alert>
        <ButtonLink to="/login" variant="secondary" block>
          Go to Sign In
        </ButtonLink>
      </div>
    </AuthCard>
  );
}

function InviteLoader({ token, email }: { token: string; email: string }) {
  const preview = usePreviewInvite({ token, email });
  if (preview.isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" label="Checking your invite…" />
      </div>
    );
  }
  if (preview.isError) return <InvalidInvite message={errorMessage(preview.error, TeamMessages.inviteInvalid)} />;
  return <AcceptForm token={token} invite={preview.data} />;
}

function AcceptForm({ token, invite }: { token: string; invite: InvitePreviewOutput }) {
  const [, navigate] = useLocation();
  const setSession = useAuthStore((state) => state.setSession);
  const accept = useAcceptInvite();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(AcceptInviteInput),
    mode: 'onTouched',
    defaultValues: { token, email: invite.email, first_name: '', last_name: '', password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const session = await accept.mutateAsync(values);
      setSession(session);
      toast.success(TeamMessages.inviteAccepted);
      navigate('/admin', { replace: true });
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['first_name', 'last_name', 'password', 'password_confirmation'])) {
        setFormError(errorMessage(error, 'Could not accept the invite. Please try again.'));
      }
    }
  });

  return (
    <AuthCard
      title={ACCEPT_INVITE_TITLE}
      intro={
        <>
          You are invited to {invite.restaurant_name} as <strong className="text-ink">{invite.role}</strong>
          {invite.fundraiser_name ? ` of ${invite.fundraiser_name}` : ''}. Choose your password for{' '}
          <strong className="break-all text-ink">{invite.email}</strong>.
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" required error={errors.first_name?.message} {...register('first_name')} />
          <TextField label="Last name" autoComplete="family-name" required error={errors.last_name?.message} {...register('last_name')} />
        </div>
        <TextField label="Password" type="password" autoComplete="new-password" required hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} error={errors.password?.message} {...register('password')} />
        <TextField label="Confirm password" type="password" autoComplete="new-password" required error={errors.password_confirmation?.message} {...register('password_confirmation')} />
        <Button type="submit" block size="lg" loading={isSubmitting}>
          Join and sign in
        </Button>
      </form>
    </AuthCard>
  );
}
