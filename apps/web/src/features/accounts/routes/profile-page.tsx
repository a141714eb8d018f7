import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'wouter';
import { ProfileUpdateInput, type UserOutput } from '@kusina/domain/accounts';
import { AccountMessages } from '@kusina/domain/messages';
import { applyFieldErrors, errorMessage } from '../../../lib/errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useProfile } from '../api/get-profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

export const PROFILE_SAVED_MESSAGE = 'Profile updated successfully.';

/**
 * On the profile page all four fields are required (the API also accepts partial updates), and a
 * new e-mail or phone needs the current password (issue #33): the server refuses it otherwise, so
 * the form asks for it up front.
 */
function profileForm(saved: { email: string; phone: string }) {
  return ProfileUpdateInput.shape.user
    .required({ first_name: true, last_name: true, phone: true, email: true })
    .superRefine((values, context) => {
      if (changesAddress(values, saved) && !values.current_password) {
        context.addIssue({ code: 'custom', path: ['current_password'], message: AccountMessages.currentPasswordRequired });
      }
    });
}
const FIELDS = ['first_name', 'last_name', 'phone', 'email', 'current_password'] as const;

function changesAddress(values: { email?: string | undefined; phone?: string | undefined }, saved: { email: string; phone: string }): boolean {
  return (values.email !== undefined && values.email.trim().toLowerCase() !== saved.email.toLowerCase()) || (values.phone !== undefined && values.phone.trim() !== saved.phone);
}

export function ProfilePage() {
  useDocumentTitle('My Profile');
  const user = useAuthStore((state) => state.user);
  const profile = useProfile({ enabled: Boolean(user) });

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="mb-6 font-display text-3xl font-bold tracking-tight">My Profile</h1>
      {!user ? (
        <Alert tone="error" title={AccountMessages.noUserInStore}>
          <Link to="/login" className="font-semibold underline">
            Sign In
          </Link>
        </Alert>
      ) : profile.isPending ? (
        <ProfileSkeleton />
      ) : (
        <>
          {profile.isError ? (
            <Alert tone="warning" className="mb-4">
              {errorMessage(profile.error, 'We could not refresh your profile; showing what we have.')}
            </Alert>
          ) : null}
          <ProfileEditor initial={profile.data ?? user} />
        </>
      )}
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading your profile">
      <div className="grid gap-5 sm:grid-cols-2">
        {[0, 1, 2, 3].map((key) => (
          <div key={key} className="space-y-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-11 w-full" />
          </div>
        ))}
      </div>
      <Skeleton className="mt-6 h-11 w-32" />
    </Card>
  );
}

type Banner = { tone: 'success' | 'error'; message?: string } | null;

function ProfileEditor({ initial }: { initial: UserOutput }) {
  const update = useUpdateProfile();
  const user = useAuthStore((state) => state.user) ?? initial;
  const [banner, setBanner] = useState<Banner>(null);
  // What the server holds: the password is asked for only when the e-mail or phone differs from it.
  const [saved, setSaved] = useState({ email: initial.email, phone: initial.phone ?? '' });
  const schema = useMemo(() => profileForm(saved), [saved]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { first_name: initial.first_name, last_name: initial.last_name, phone: initial.phone ?? '', email: initial.email, current_password: '' },
  });
  const [email, phone] = useWatch({ control, name: ['email', 'phone'] });
  const asksPassword = changesAddress({ email, phone }, saved);

  const onSubmit = handleSubmit(async ({ current_password, ...values }) => {
    setBanner(null);
    try {
      const answer = await update.mutateAsync({ user: changesAddress(values, saved) ? { ...values, current_password } : values });
      setSaved({ email: answer.email, phone: answer.phone ?? '' });
      reset({ first_name: answer.first_name, last_name: answer.last_name, phone: answer.phone ?? '', email: answer.email, current_password: '' });
      setBanner({ tone: 'success' });
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
      setBanner({ tone: 'error', message: errorMessage(error, 'Please try again.') });
    }
  });

  return (
    <Card>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {banner?.tone === 'success' ? <Alert tone="success">{PROFILE_SAVED_MESSAGE}</Alert> : null}
        {banner?.tone === 'error' ? (
          <Alert tone="error" title={AccountMessages.profileUpdateFailed}>
            {banner.message}
          </Alert>
        ) : null}
        {!user.phone_verified && user.phone ? (
          <Alert tone="warning" title="Your phone number is not verified yet.">
            <Link to="/verify-phone" className="font-semibold underline underline-offset-4">
              Verify your phone
            </Link>
          </Alert>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" required error={errors.first_name?.message} {...register('first_name')} />
          <TextField label="Last name" autoComplete="family-name" required error={errors.last_name?.message} {...register('last_name')} />
          <TextField
            label="Phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            hint="Changing your number means verifying it again."
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextField label="Email" type="email" inputMode="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
          {asksPassword ? (
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
              fieldClassName="sm:col-span-2"
              hint="Needed to change your e-mail or phone. We will tell your old address about the change."
              error={errors.current_password?.message}
              {...register('current_password')}
            />
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <ButtonLink to="/orders" variant="link">
            Order History
          </ButtonLink>
          <Button type="submit" size="lg" loading={isSubmitting} className="sm:min-w-40">
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}
