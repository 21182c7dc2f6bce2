import type { ReactNode } from 'react';
import { Link } from 'react-router';

const PAGES = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/data-deletion', label: 'Data Deletion' },
];

/** The frame of the public legal pages: logo, title, readable text column, links between them. */
export function LegalLayout({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-gray-50">
      <header className="border-gray-200 border-b bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between px-4">
          <Link to="/" className="flex items-center gap-2 rounded-lg py-1">
            <img src="/favicon.svg" alt="" className="h-7 w-7" />
            <span className="font-bold text-gray-900 text-lg">Postloom</span>
          </Link>
          <Link
            to="/login"
            className="rounded-lg px-2 py-1 font-medium text-brand-600 text-sm hover:text-brand-700"
          >
            Sign in
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
        <article className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-10">
          <h1 className="font-bold text-3xl text-gray-900 tracking-tight">{title}</h1>
          <p className="mt-2 text-gray-500 text-sm">Last updated: {updated}</p>
          <div className="legal-text mt-8 space-y-6 text-gray-700 text-sm leading-relaxed sm:text-base [&_h2]:mb-2 [&_h2]:font-semibold [&_h2]:text-gray-900 [&_h2]:text-lg [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1">
            {children}
          </div>
        </article>
        <nav aria-label="Legal" className="mt-6 flex flex-wrap justify-center gap-4 text-sm">
          {PAGES.map((page) => (
            <Link key={page.to} to={page.to} className="rounded px-1 text-gray-600 hover:text-gray-900">
              {page.label}
            </Link>
          ))}
        </nav>
      </main>
    </div>
  );
}
