import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/button';

/** `/error`: the authentication-error page of spec 01 section 2. */
export function AuthErrorPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as { message?: unknown } | null;
  const message =
    typeof state?.message === 'string' && state.message ? state.message : 'An unexpected error occurred';
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 p-4">
      <div
        role="alert"
        className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-8 text-center shadow-sm"
      >
        <h1 className="font-semibold text-gray-900 text-xl">Authentication Error</h1>
        <p className="mt-3 text-gray-600 text-sm">{message}</p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button onClick={() => navigate('/dashboard')}>Return to Dashboard</Button>
          <Button variant="secondary" onClick={() => navigate('/login')}>
            Try Again
          </Button>
        </div>
      </div>
    </main>
  );
}
