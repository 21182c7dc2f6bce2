import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  /** A line under the title. */
  description?: ReactNode;
  /** A small line above the title (e.g. 'Welcome Back'). */
  eyebrow?: ReactNode;
  /** Buttons on the right (they wrap under the title on small screens). */
  actions?: ReactNode;
}

/** The heading block at the top of every app page (the page's one h1). */
export function PageHeader({ title, description, eyebrow, actions }: PageHeaderProps) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        {eyebrow ? <p className="font-medium text-brand-600 text-sm">{eyebrow}</p> : null}
        <h1 className="font-bold text-2xl text-gray-900 tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-gray-500 text-sm">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
