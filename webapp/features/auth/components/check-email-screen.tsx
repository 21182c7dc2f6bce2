import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthCard, Notice } from '../../../components/auth-card';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { sessionQueryOptions } from '../../../shared/session/get-session';
import { useConfirmEmail } from '../api/confirm-email';
import { useResendConfirmation } from '../api/resend-confirmation';
import { authErrorMessage } from '../error-message';
import { clearPendingSignup, type PendingSignup } from '../pending-signup';

const RESEND_COUNTDOWN_SECONDS = 60;

/**
 * 'Check Your Email' (spec 01 section 4): the 8-digit code as an alternative to the link,
 * resend after a 60-second countdown, and 'Try with Another Email'. While it is open the
 * session is polled, so confirming in another tab moves this one on to /dashboard.
 */
export function CheckEmailScreen({
  pending,
  onTryAnotherEmail,
}: {
  pending: PendingSignup;
  onTryAnotherEmail: () => void;
}) {
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(() => countdownFrom(pending.createdAt));
  const [code, setCode] = useState('');
  const resend = useResendConfirmation();
  const confirm = useConfirmEmail();
  useQuery({ ...sessionQueryOptions(), refetchInterval: 5_000 });

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  async function submitCode(event: React.FormEvent) {
    event.preventDefault();
    try {
      await confirm.mutateAsync({ email: pending.email, code: code.trim() });
      clearPendingSignup();
      navigate('/dashboard', { replace: true });
    } catch {
      // shown below from confirm.error
    }
  }

  return (
    <AuthCard
      title="Check Your Email"
      subtitle={
        <>
          We sent a confirmation link and an 8-digit code to{' '}
          <strong className="break-all">{pending.email}</strong>.
        </>
      }
    >
      {resend.isSuccess ? <Notice tone="success">A new confirmation email is on its way.</Notice> : null}
      {resend.error ? <Notice tone="error">{authErrorMessage(resend.error)}</Notice> : null}
      {confirm.error ? <Notice tone="error">{confirmErrorMessage(confirm.error)}</Notice> : null}
      <p className="mb-4 text-sm text-gray-600">
        Open the link in the email to finish signing up, or enter the code here.
      </p>
      <form noValidate onSubmit={submitCode}>
        <TextField
          label="Confirmation code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{8}"
          maxLength={8}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 8))}
          className="tracking-widest"
        />
        <Button type="submit" fullWidth disabled={code.length !== 8} loading={confirm.isPending}>
          Confirm
        </Button>
      </form>
      <div className="mt-6 flex flex-col gap-3">
        <Button
          variant="secondary"
          fullWidth
          disabled={secondsLeft > 0}
          loading={resend.isPending}
          onClick={() => {
            resend.mutate(
              { email: pending.email },
              { onSuccess: () => setSecondsLeft(RESEND_COUNTDOWN_SECONDS) },
            );
          }}
        >
          {secondsLeft > 0 ? `Resend email in ${secondsLeft}s` : 'Resend email'}
        </Button>
        <Button variant="ghost" fullWidth onClick={onTryAnotherEmail}>
          Try with Another Email
        </Button>
      </div>
    </AuthCard>
  );
}

function countdownFrom(createdAt: number): number {
  const elapsed = Math.floor((Date.now() - createdAt) / 1000);
  return Math.max(0, RESEND_COUNTDOWN_SECONDS - elapsed);
}

function confirmErrorMessage(error: unknown): string {
  const message = authErrorMessage(error);
  return message.includes('Token has expired or is invalid')
    ? 'That code has expired or is invalid. Check the email or request a new one.'
    : message;
}
