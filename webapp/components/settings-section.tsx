import type { ReactNode } from 'react';

/** A white card with a heading: the body of each settings page. */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="font-semibold text-gray-900 text-lg">{title}</h2>
      {description ? <p className="mt-1 text-gray-500 text-sm">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}
