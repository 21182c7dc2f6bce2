import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { PasswordResetInput } from '../../../../shared/auth/credentials';
import { AuthCard, Notice } from '../../../components/auth-card';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useRequestPasswordReset } from '../api/request-password-reset';

const RESET_REDIRECT_MS = 2_000;

/** /reset-password: ask for a link, then 'Email Sent' and back to /login after 2 seconds. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const reset = useRequestPasswordReset();
  const form = useForm<PasswordResetInput>({
    resolver: zodResolver(PasswordResetInput),
    defaultValues: { email: '' },
  });

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  if (reset.isSuccess) {
    return (
      <AuthCard title="Email Sent">
        <Notice tone="success">Password reset email sent! Check your inbox.</Notice>
        <p className="text-sm text-gray-600">
          If an account exists for that address, the link in the email lets you choose a new password. It
          works once, for one hour. Taking you back to sign in...
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter your email and we'll send you a link to choose a new password."
      footer={
        <Link to="/login" className="rounded font-medium text-brand-600 hover:text-brand-700">
          Back to sign in
        </Link>
      }
    >
      {reset.isError ? (
        <Notice tone="error">Failed to send reset email. Please try again later.</Notice>
      ) : null}
      <form noValidate onSubmit={form.handleSubmit((values) => reset.mutate(values))}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" fullWidth size="lg" loading={reset.isPending}>
          Send reset link
        </Button>
      </form>
    </AuthCard>
  );
}
