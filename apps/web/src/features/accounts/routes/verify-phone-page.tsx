import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { toast } from '../../../lib/toast.ts';
import { VerifyPhoneInput } from '@kusina/domain/accounts';
import { AccountMessages, resendErrorMessage } from '@kusina/domain/messages';
import { formatPhone } from '@kusina/domain/phone-rules';
import { PHONE_CODE_RESEND_SECONDS } from '@kusina/domain/accounts';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useResendCode } from '../api/resend-code.ts';
import { useVerifyPhone } from '../api/verify-phone.ts';
import { AuthCard } from '../components/auth-card.tsx';

export const PHONE_VERIFIED_MESSAGE = 'Phone verified!';

type Notice = { tone: 'success' | 'error'; message: string } | null;

export function VerifyPhonePage() {
  useDocumentTitle('Verify Your Phone');
  const [, navigate] = useLocation();
  const user = useAuthStore((state) => state.user);
  const setUser = useAuthStore((state) => state.setUser);
  const verify = useVerifyPhone();
  const resend = useResendCode();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [notice, setNotice] = useState<Notice>(null);
  const [cooldown, setCooldown] = useState(0);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const onVerify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // storefront.md §5: an empty code is ignored.
    if (!code.trim() || verify.isPending) return;
    const parsed = VerifyPhoneInput.safeParse({ code });
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message);
      return;
    }
    setCodeError(undefined);
    setNotice(null);
    try {
      const result = await verify.mutateAsync(parsed.data);
      toast.success(result.message || PHONE_VERIFIED_MESSAGE);
      setUser(result.user);
      navigate('/', { replace: true });
    } catch (error) {
      const message = error instanceof ApiError && error.status >= 400 && error.status < 500 ? AccountMessages.verifyFailed : errorMessage(error, AccountMessages.verifyFailed);
      setNotice({ tone: 'error', message });
    }
  };

  const onResend = async () => {
    setNotice(null);
    try {
      const result = await resend.mutateAsync();
      setNotice({ tone: 'success', message: result.message || 'A new code is on its way.' });
      setCooldown(PHONE_CODE_RESEND_SECONDS);
    } catch (error) {
      setNotice({ tone: 'error', message: resendErrorMessage(error instanceof ApiError ? error.message : undefined) });
    }
  };

  const phone = user?.phone ? formatPhone(user.phone) : null;

  return (
    <AuthCard
      title="Verify Your Phone"
      intro={
        phone ? (
          <>
            We sent a 6-digit code by text message to <strong className="whitespace-nowrap text-ink">{phone}</strong>. Enter it below.
          </>
        ) : (
          'Add a phone number to your profile to receive a verification code.'
        )
      }
      footer={
        <p>
          Wrong number?{' '}
          <Link to="/profile" className="font-semibold text-brand-ink underline-offset-4 hover:underline">
            Update it in My Profile
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onVerify} className="space-y-5">
        {notice ? <Alert tone={notice.tone}>{notice.message}</Alert> : null}
        <TextField
          label="Verification code"
          name="code"
          value={code}
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
            setCodeError(undefined);
          }}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          placeholder="123456"
          className="text-center font-mono text-2xl tracking-[0.5em]"
          error={codeError}
        />
        <div className="flex flex-col gap-3 sm:flex-row-reverse">
          <Button type="submit" block size="lg" loading={verify.isPending}>
            Verify
          </Button>
          <Button type="button" variant="secondary" block size="lg" onClick={onResend} loading={resend.isPending} disabled={cooldown > 0}>
            Resend
          </Button>
        </div>
        {cooldown > 0 ? (
          <p className="text-center text-sm text-ink-muted">You can request another code in {cooldown} s.</p>
        ) : null}
      </form>
    </AuthCard>
  );
}
