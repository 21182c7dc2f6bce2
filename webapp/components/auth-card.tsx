import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The centred card every sign-in page sits in, with the Postloom logo above it. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gray-50 px-4 py-10">
      <Link to="/login" className="mb-6 flex items-center gap-2 rounded-md text-2xl font-bold text-brand-600">
        <span
          aria-hidden="true"
          className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-600 text-lg text-white"
        >
          P
        </span>
        Postloom
      </Link>
      <section className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-xl font-semibold text-gray-900">{title}</h1>
        {subtitle ? <div className="mt-1 text-sm text-gray-600">{subtitle}</div> : null}
        <div className="mt-6">{children}</div>
      </section>
      {footer ? <div className="mt-6 text-center text-sm text-gray-600">{footer}</div> : null}
    </main>
  );
}

export function Notice({ tone, children }: { tone: 'success' | 'error' | 'info'; children: ReactNode }) {
  const styles = {
    success: 'border-green-200 bg-green-50 text-green-800',
    error: 'border-red-200 bg-red-50 text-red-800',
    info: 'border-brand-100 bg-brand-50 text-brand-700',
  }[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`mb-4 rounded-lg border px-3 py-2 text-sm ${styles}`}
    >
      {children}
    </div>
  );
}
