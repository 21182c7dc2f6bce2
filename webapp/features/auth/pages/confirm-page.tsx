import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthCard, Notice } from '../../../components/auth-card';
import { Button } from '../../../components/button';
import { FullScreenLoader } from '../../../components/full-screen-loader';
import { TextField } from '../../../components/text-field';
import { useSession } from '../../../shared/session/get-session';
import { useConfirmEmail } from '../api/confirm-email';
import { usePreviewConfirmation } from '../api/preview-confirmation';
import { useResendConfirmation } from '../api/resend-confirmation';
import { authErrorMessage } from '../error-message';
import { clearPendingSignup, readPendingSignup } from '../pending-signup';

const LINK_EXPIRED_MESSAGE = 'The confirmation link has expired or is invalid. Please request a new link.';
const LINK_MISSING_MESSAGE = 'Invalid confirmation link';

/**
 * /auth/confirm: by the link's token (query), or by the 8-digit code with the e-mail kept
 * from sign-up. Success signs in and opens /dashboard (spec 01 sections 4 and 8). A link is
 * never used on opening: whoever holds it (a link sent by someone else, say) sees whose account
 * it signs into and chooses "Continue as {email}".
 */
export function ConfirmPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const session = useSession();
  const [pending] = useState(() => readPendingSignup());

  if (session.isPending) return <FullScreenLoader label="Authenticating..." />;
  if (session.data) return <Navigate to="/dashboard" replace />;
  if (token) return <ConfirmByLink token={token} fallbackEmail={pending?.email ?? ''} />;
  if (pending) return <ConfirmByCode email={pending.email} />;
  return (
    <AuthCard title="Email confirmation">
      <Notice tone="error">{LINK_MISSING_MESSAGE}</Notice>
      <BackToSignUp />
    </AuthCard>
  );
}

function ConfirmByLink({ token, fallbackEmail }: { token: string; fallbackEmail: string }) {
  const navigate = useNavigate();
  const preview = usePreviewConfirmation(token);
  const confirm = useConfirmEmail();

  if (preview.isPending) return <FullScreenLoader label="Checking your link..." />;
  const error = preview.error ?? confirm.error;
  if (error) return <ConfirmFailed error={error} email={fallbackEmail} />;
  const email = preview.data?.email ?? '';
  return (
    <AuthCard
      title="Confirm your email"
      subtitle={
        <>
          This link confirms <strong className="break-all">{email}</strong> and signs you in to that account.
        </>
      }
    >
      <Button
        fullWidth
        loading={confirm.isPending}
        onClick={() =>
          confirm.mutate(
            { token },
            {
              onSuccess: () => {
                clearPendingSignup();
                navigate('/dashboard', { replace: true });
              },
            },
          )
        }
      >
        Continue as {email}
      </Button>
      <p className="mt-4 text-gray-500 text-sm">
        Not your address? Close this page: nothing happens until you continue.
      </p>
    </AuthCard>
  );
}

function ConfirmByCode({ email }: { email: string }) {
  const navigate = useNavigate();
  const confirm = useConfirmEmail();
  const [code, setCode] = useState('');
  return (
    <AuthCard
      title="Confirm your email"
      subtitle={
        <>
          Enter the 8-digit code we sent to <strong className="break-all">{email}</strong>.
        </>
      }
    >
      {confirm.error ? <Notice tone="error">{confirmErrorText(confirm.error)}</Notice> : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          confirm.mutate(
            { email, code },
            {
              onSuccess: () => {
                clearPendingSignup();
                navigate('/dashboard', { replace: true });
              },
            },
          );
        }}
      >
        <TextField
          label="Confirmation code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 8))}
        />
        <Button type="submit" fullWidth disabled={code.length !== 8} loading={confirm.isPending}>
          Confirm
        </Button>
      </form>
      <BackToSignUp />
    </AuthCard>
  );
}

function ConfirmFailed({ error, email }: { error: unknown; email: string }) {
  const message = authErrorMessage(error);
  if (!message.includes('Token has expired or is invalid')) {
    return (
      <AuthCard title="Email confirmation">
        <Notice tone="error">{message}</Notice>
        <BackToSignUp />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Email confirmation">
      <Notice tone="error">{LINK_EXPIRED_MESSAGE}</Notice>
      <RequestNewLink initialEmail={email} />
    </AuthCard>
  );
}

function RequestNewLink({ initialEmail }: { initialEmail: string }) {
  const resend = useResendConfirmation();
  const [isOpen, setIsOpen] = useState(false);
  const [email, setEmail] = useState(initialEmail);
  if (resend.isSuccess) {
    return (
      <Notice tone="success">If that address is waiting for confirmation, a new link is on its way.</Notice>
    );
  }
  if (!isOpen) {
    return (
      <Button fullWidth onClick={() => setIsOpen(true)}>
        Request New Link
      </Button>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        resend.mutate({ email: email.trim() });
      }}
    >
      {resend.error ? <Notice tone="error">{authErrorMessage(resend.error)}</Notice> : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" fullWidth loading={resend.isPending}>
        Send a new link
      </Button>
    </form>
  );
}

function BackToSignUp() {
  return (
    <Link
      to="/signup"
      className="mt-4 inline-block rounded text-sm font-medium text-brand-600 hover:text-brand-700"
    >
      Back to Sign Up
    </Link>
  );
}

function confirmErrorText(error: unknown): string {
  const message = authErrorMessage(error);
  return message.includes('Token has expired or is invalid')
    ? 'That code has expired or is invalid. Check the email or request a new one.'
    : message;
}
