import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** An icon above the title (an svg sized h-6 w-6). */
  icon?: ReactNode;
  /** A button or link under the text. */
  action?: ReactNode;
  className?: string;
}

/** The honest "nothing here yet" card. */
export function EmptyState({ title, description, icon, action, className = '' }: EmptyStateProps) {
  return (
    <div
      className={`flex flex-col items-center justify-center rounded-xl border border-gray-300 border-dashed bg-white px-6 py-12 text-center ${className}`}
    >
      {icon ? (
        <div className="mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          {icon}
        </div>
      ) : null}
      <h3 className="font-semibold text-base text-gray-900">{title}</h3>
      {description ? <p className="mt-1 max-w-md text-gray-500 text-sm">{description}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
