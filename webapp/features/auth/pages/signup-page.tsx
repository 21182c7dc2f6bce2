import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { emailHints, type SignupValues, signupProblems } from '../../../../shared/auth/credential-rules';
import { isValidTimezone, supportedLanguageTag } from '../../../../shared/settings/preference-values';
import { AuthCard, Notice } from '../../../components/auth-card';
import { Button } from '../../../components/button';
import { HintList, passwordHints } from '../../../components/hint-list';
import { TextField } from '../../../components/text-field';
import { rulesResolver } from '../../../lib/rules-resolver';
import { useSignup } from '../api/signup';
import { CheckEmailScreen } from '../components/check-email-screen';
import { GoogleSignIn } from '../components/google-button';
import { authErrorMessage } from '../error-message';
import {
  clearPendingSignup,
  type PendingSignup,
  readPendingSignup,
  savePendingSignup,
} from '../pending-signup';

/** The browser's zone when it is a valid one (the server refuses others), else UTC. */
function browserTimezone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimezone(zone) ? zone : 'UTC';
}

/** /signup: the form with live hints, then 'Check Your Email' until the address is confirmed. */
export function SignupPage() {
  const [pending, setPending] = useState<PendingSignup | null>(() => readPendingSignup());
  const signup = useSignup();
  const form = useForm<SignupValues, unknown, SignupValues>({
    resolver: rulesResolver(signupProblems, (values) => ({ ...values, email: values.email.trim() })),
    mode: 'onChange',
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });
  const [email, password] = form.watch(['email', 'password']);
  const { errors, isValid, dirtyFields } = form.formState;

  if (pending) {
    return (
      <CheckEmailScreen
        pending={pending}
        onTryAnotherEmail={() => {
          clearPendingSignup();
          signup.reset();
          form.reset();
          setPending(null);
        }}
      />
    );
  }

  const hints = emailHints(email);
  const submit = form.handleSubmit(async (values) => {
    await signup.mutateAsync({
      email: values.email,
      password: values.password,
      timezone: browserTimezone(),
      language: supportedLanguageTag(navigator.language || 'en') ?? 'en',
    });
    setPending(savePendingSignup(values.email.trim()));
  });

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start scheduling your posts in minutes."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="rounded font-medium text-brand-600 hover:text-brand-700">
            Sign in
          </Link>
        </>
      }
    >
      {signup.error ? <Notice tone="error">{authErrorMessage(signup.error)}</Notice> : null}
      <form noValidate onSubmit={(event) => void submit(event).catch(() => undefined)}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={dirtyFields.email ? errors.email?.message : undefined}
          hint={
            email ? (
              <HintList
                items={[
                  { label: 'Valid email format', ok: hints.validFormat },
                  { label: 'No spaces or special characters in the username', ok: hints.usernameOk },
                  { label: 'Valid domain', ok: hints.domainOk },
                ]}
              />
            ) : null
          }
          {...form.register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={dirtyFields.password ? errors.password?.message : undefined}
          hint={<HintList items={passwordHints(password)} />}
          {...form.register('password', {
            onChange: () => {
              if (form.getValues('confirmPassword')) void form.trigger('confirmPassword');
            },
          })}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={dirtyFields.confirmPassword ? errors.confirmPassword?.message : undefined}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" fullWidth size="lg" disabled={!isValid} loading={signup.isPending}>
          Create account
        </Button>
        <p className="mt-4 text-center text-xs text-gray-500">
          By signing up you agree to the{' '}
          <Link to="/terms" className="rounded underline">
            Terms of Service
          </Link>{' '}
          and the{' '}
          <Link to="/privacy" className="rounded underline">
            Privacy Policy
          </Link>
          .
        </p>
      </form>
      <GoogleSignIn />
    </AuthCard>
  );
}
