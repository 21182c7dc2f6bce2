import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../../shared/http/api-error';
import { FullScreenLoader } from '../../../components/full-screen-loader';
import { sessionQueryKey } from '../../../shared/session/get-session';
import { takeGoogleReauth } from '../../../shared/session/google-reauth';
import { takeReturnTo } from '../../../shared/session/return-to';
import { finishGoogleSignIn } from '../api/google-callback';
import { GOOGLE_FAILED_MESSAGE } from './login-page';

const SUCCESS_REDIRECT_MS = 1_000;

/** /auth/callback: hands Google's code and state to the server, then opens the app after 1 s. */
export function GoogleCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const [status, setStatus] = useState<'pending' | 'signed-in' | 'confirmed'>('pending');

  useEffect(() => {
    // The code is single use: StrictMode's second effect run must not send it twice.
    if (started.current) return;
    started.current = true;
    const code = searchParams.get('code');
    const state = searchParams.get('state');
    const reauthFrom = takeGoogleReauth();
    // A failed "Confirm with Google" goes back to the page it started from, still signed in.
    const fail = (error?: unknown) =>
      reauthFrom
        ? navigate(reauthFrom, {
            replace: true,
            state: { reauthError: error instanceof ApiError ? error.message : GOOGLE_FAILED_MESSAGE },
          })
        : navigate('/login', { replace: true, state: { error: GOOGLE_FAILED_MESSAGE } });
    if (!code || !state || searchParams.get('error')) {
      fail();
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    finishGoogleSignIn({
      code,
      state,
      iss: searchParams.get('iss') ?? undefined,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || undefined,
      language: navigator.language || undefined,
    })
      .then((result) => {
        setStatus(result.reauthenticated ? 'confirmed' : 'signed-in');
        timer = setTimeout(async () => {
          await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
          navigate(takeReturnTo(), { replace: true });
        }, SUCCESS_REDIRECT_MS);
      })
      .catch(fail);
    return () => {
      if (timer) clearTimeout(timer);
    };
  }, [searchParams, navigate, queryClient]);

  const label =
    status === 'confirmed'
      ? 'Confirmed. Redirecting...'
      : status === 'signed-in'
        ? 'Signed in. Redirecting...'
        : 'Signing in with Google...';
  return <FullScreenLoader label={label} />;
}
