import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { UpdatePasswordForm } from '../../../../shared/auth/credentials';
import { ApiError } from '../../../../shared/http/api-error';
import { AuthCard, Notice } from '../../../components/auth-card';
import { Button } from '../../../components/button';
import { HintList, passwordHints } from '../../../components/hint-list';
import { TextField } from '../../../components/text-field';
import { usePreviewReset } from '../api/preview-reset';
import { useUpdatePassword } from '../api/update-password';
import { authErrorMessage } from '../error-message';
import { forgetResetToken, readResetToken } from '../reset-token';

const PASSWORD_UPDATED_MESSAGE = 'Password updated successfully. Please log in with your new password.';
const REDIRECT_MS = 2_000;

function InvalidLink({ message }: { message: string }) {
  return (
    <AuthCard title="Set a new password">
      <Notice tone="error">{message}</Notice>
      <Link to="/reset-password" className="rounded text-sm font-medium text-brand-600 hover:text-brand-700">
        Request a new link
      </Link>
    </AuthCard>
  );
}

/**
 * /update-password?token=...: choose a new password; every session ends, then /login, where the
 * spec's success message is said (once: this page only says where it is going). The token
 * leaves the address bar as soon as it is read, and the account's e-mail fills the username
 * field so a password manager saves the new password for the right account.
 */
export function UpdatePasswordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [token] = useState(() => readResetToken(searchParams.get('token')));
  const preview = usePreviewReset(token);
  const update = useUpdatePassword();
  const form = useForm<UpdatePasswordForm>({
    resolver: zodResolver(UpdatePasswordForm),
    mode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = form.watch('password');
  const { errors, dirtyFields } = form.formState;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the address the page opened with
  useEffect(() => {
    if (searchParams.has('token')) navigate({ pathname: location.pathname, search: '' }, { replace: true });
  }, []);

  useEffect(() => {
    if (!update.isSuccess) return;
    forgetResetToken();
    const timer = setTimeout(
      () => navigate('/login', { replace: true, state: { message: PASSWORD_UPDATED_MESSAGE } }),
      REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [update.isSuccess, navigate]);

  if (!token) return <InvalidLink message="This password reset link is invalid. Please request a new one." />;
  // A used or expired link is said before anyone types a new password for nothing.
  if (preview.error instanceof ApiError && preview.error.code === 'invalid_token' && !update.isSuccess) {
    return <InvalidLink message={preview.error.message} />;
  }

  if (update.isSuccess) {
    return (
      <AuthCard title="Password updated">
        <p className="text-gray-600 text-sm" role="status">
          Taking you to the sign-in page...{' '}
          <Link to="/login" state={{ message: PASSWORD_UPDATED_MESSAGE }} className="font-medium underline">
            Sign in now
          </Link>
        </p>
      </AuthCard>
    );
  }

  const email = preview.data?.email ?? '';
  return (
    <AuthCard title="Set a new password" subtitle="Choose a password you don't use anywhere else.">
      {update.error ? (
        <Notice tone="error">
          {authErrorMessage(update.error)}{' '}
          <Link to="/reset-password" className="rounded font-medium underline">
            Request a new link
          </Link>
        </Notice>
      ) : null}
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => update.mutate({ token, password: values.password }))}
      >
        {/* The account, for password managers (and for the person: whose password this is). */}
        <TextField
          label="Email"
          type="email"
          name="username"
          autoComplete="username"
          value={email}
          placeholder={preview.isPending ? 'Loading...' : undefined}
          readOnly
          className="[&_input]:bg-gray-50 [&_input]:text-gray-600"
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={dirtyFields.password ? errors.password?.message : undefined}
          hint={<HintList items={passwordHints(password)} />}
          {...form.register('password')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={dirtyFields.confirmPassword ? errors.confirmPassword?.message : undefined}
          {...form.register('confirmPassword')}
        />
        <Button
          type="submit"
          fullWidth
          size="lg"
          disabled={!form.formState.isValid}
          loading={update.isPending}
        >
          Update password
        </Button>
      </form>
    </AuthCard>
  );
}
