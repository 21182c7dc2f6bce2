import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { UpdatePasswordForm } from '../../../../shared/auth/schemas';
import { Button } from '../../../components/button';
import { useUpdatePassword } from '../api/update-password';
import { AuthCard, Notice } from '../components/auth-card';
import { HintList, passwordHints } from '../components/hint-list';
import { TextField } from '../components/text-field';
import { authErrorMessage } from '../error-message';

export const PASSWORD_UPDATED_MESSAGE =
  'Password updated successfully. Please log in with your new password.';
const REDIRECT_MS = 2_000;

/** /update-password?token=...: choose a new password; every session ends, then /login. */
export function UpdatePasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const update = useUpdatePassword();
  const form = useForm<UpdatePasswordForm>({
    resolver: zodResolver(UpdatePasswordForm),
    mode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = form.watch('password');
  const { errors, dirtyFields } = form.formState;

  useEffect(() => {
    if (!update.isSuccess) return;
    const timer = setTimeout(
      () => navigate('/login', { replace: true, state: { message: PASSWORD_UPDATED_MESSAGE } }),
      REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [update.isSuccess, navigate]);

  if (!token) {
    return (
      <AuthCard title="Set a new password">
        <Notice tone="error">This password reset link is invalid. Please request a new one.</Notice>
        <Link
          to="/reset-password"
          className="rounded text-sm font-medium text-brand-600 hover:text-brand-700"
        >
          Request a new link
        </Link>
      </AuthCard>
    );
  }

  if (update.isSuccess) {
    return (
      <AuthCard title="Password updated">
        <Notice tone="success">{PASSWORD_UPDATED_MESSAGE}</Notice>
      </AuthCard>
    );
  }

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
        onSubmit={form.handleSubmit((values) =>
          update.mutate(
            { token, password: values.password },
            { onSuccess: () => toast.success('Password updated successfully!') },
          ),
        )}
      >
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
