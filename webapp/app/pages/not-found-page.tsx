import { Link } from 'react-router';

/** Unknown paths. Inside the shell (`inShell`) it sits in the page area instead of the whole screen. */
export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  const content = (
    <div className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-8 text-center shadow-sm">
      <p className="font-semibold text-brand-600 text-sm">404</p>
      <h1 className="mt-1 font-bold text-2xl text-gray-900">Page not found</h1>
      <p className="mt-2 text-gray-600 text-sm">
        The page you are looking for does not exist or has been moved.
      </p>
      <Link
        to="/dashboard"
        className="mt-6 inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 font-medium text-sm text-white hover:bg-brand-700"
      >
        Go to Dashboard
      </Link>
    </div>
  );
  if (inShell) return <div className="flex justify-center py-12">{content}</div>;
  return <main className="flex min-h-screen items-center justify-center bg-gray-50 p-4">{content}</main>;
}
