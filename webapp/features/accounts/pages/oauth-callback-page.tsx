import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CONNECT_MESSAGES,
  type ConnectCallbackResult,
  cleanAuthorizationCode,
  type OauthFeedback,
} from '../../../../shared/accounts/account';
import { ApiError } from '../../../../shared/http/api-error';
import type { PlatformId } from '../../../../shared/platforms/ids';
import { completeConnect } from '../api/complete-connect';
import { FacebookPageChooser } from '../components/facebook-page-chooser';
import { storeFeedback } from '../oauth-feedback';

function errorMessage(error: unknown): string {
  if (error instanceof ApiError)
    return error.status === 401 ? CONNECT_MESSAGES.sessionNotFound : error.message;
  return CONNECT_MESSAGES.authenticationFailed;
}

/**
 * The landing page a platform returns to: posts { code, state } to the server, stores the result
 * as oauth_feedback and goes back to /dashboard. A TikTok popup reports to its opener instead.
 */
export function OauthCallbackPage({ platform }: { platform: PlatformId }) {
  const navigate = useNavigate();
  const started = useRef(false);
  const [choosePages, setChoosePages] = useState<ConnectCallbackResult['choosePages'] | null>(null);

  useEffect(() => {
    // The state is single use: never post it twice (React StrictMode runs effects twice).
    if (started.current) return;
    started.current = true;

    function finish(feedback: OauthFeedback) {
      const opener = window.opener as Window | null;
      if (platform === 'tiktok' && opener && !opener.closed) {
        try {
          opener.postMessage(
            { type: feedback.type === 'success' ? 'TIKTOK_AUTH_SUCCESS' : 'TIKTOK_AUTH_ERROR', feedback },
            window.location.origin,
          );
          window.close();
          return;
        } catch {
          // A cross-origin opener: fall through to the ordinary redirect.
        }
      }
      storeFeedback(feedback);
      navigate('/dashboard', { replace: true });
    }

    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    const state = params.get('state');
    const denied = params.get('error_description') ?? params.get('error');
    if (!code || !state) {
      finish({
        type: 'error',
        message: denied
          ? `${CONNECT_MESSAGES.authenticationFailed}: ${denied}`
          : CONNECT_MESSAGES.missingParameters,
      });
      return;
    }
    completeConnect(platform, { code: cleanAuthorizationCode(code), state })
      .then((result) => {
        if (result.choosePages) setChoosePages(result.choosePages);
        else finish(result.feedback);
      })
      .catch((error: unknown) => finish({ type: 'error', message: errorMessage(error) }));
  }, [navigate, platform]);

  if (choosePages) {
    return (
      <FacebookPageChooser
        selection={choosePages}
        onDone={(feedback) => {
          storeFeedback(feedback);
          navigate('/dashboard', { replace: true });
        }}
      />
    );
  }
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-3 bg-gray-50" role="status">
      <div
        className="h-8 w-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600"
        aria-hidden="true"
      />
      <p className="text-gray-600 text-sm">Connecting your account…</p>
    </div>
  );
}
