import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'react-router';
import { type LoginValues, loginProblems } from '../../../../shared/auth/credential-rules';
import { AuthCard, Notice } from '../../../components/auth-card';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { rulesResolver } from '../../../lib/rules-resolver';
import { useLogin } from '../api/login';
import { GoogleSignIn } from '../components/google-button';
import { authErrorMessage } from '../error-message';

export const GOOGLE_FAILED_MESSAGE = 'Authentication failed. Please try again.';

interface LoginNavigationState {
  message?: string;
  error?: string;
}

/**
 * /login. A message passed in navigation state shows in green (e.g. after a password
 * update); on success the public-only guard opens the remembered page or /dashboard.
 */
export function LoginPage() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state = (location.state ?? {}) as LoginNavigationState;
  const login = useLogin();
  const form = useForm<LoginValues, unknown, Required<LoginValues>>({
    resolver: rulesResolver(loginProblems, (values) => ({
      email: values.email.trim(),
      password: values.password,
      remember: values.remember ?? false,
    })),
    defaultValues: { email: '', password: '', remember: false },
  });
  const remember = form.watch('remember') ?? false;
  const { errors } = form.formState;
  const redirectError =
    state.error ?? (searchParams.get('error') === 'google' ? GOOGLE_FAILED_MESSAGE : null);

  return (
    <AuthCard
      title="Sign in to Postloom"
      subtitle="Welcome back. Plan, schedule and review your posts."
      footer={
        <>
          Don't have an account?{' '}
          <Link to="/signup" className="rounded font-medium text-brand-600 hover:text-brand-700">
            Sign up
          </Link>
        </>
      }
    >
      {state.message ? <Notice tone="success">{state.message}</Notice> : null}
      {redirectError && !login.error ? <Notice tone="error">{redirectError}</Notice> : null}
      {login.error ? <Notice tone="error">{authErrorMessage(login.error)}</Notice> : null}
      <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="mb-6 flex flex-wrap items-center justify-between gap-2">
          <label className="flex items-center gap-2 text-sm text-gray-700">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-gray-300 accent-brand-600"
              {...form.register('remember')}
            />
            Remember me
          </label>
          <Link
            to="/reset-password"
            className="rounded text-sm font-medium text-brand-600 hover:text-brand-700"
          >
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" fullWidth size="lg" loading={login.isPending}>
          Sign in
        </Button>
      </form>
      <GoogleSignIn remember={remember} />
    </AuthCard>
  );
}
