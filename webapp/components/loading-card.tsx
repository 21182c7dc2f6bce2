import { Spinner } from './spinner';

const SIZES = {
  sm: { box: 'min-h-24 p-4', spinner: 'sm', text: 'text-sm' },
  md: { box: 'min-h-40 p-6', spinner: 'md', text: 'text-sm' },
  lg: { box: 'min-h-72 p-8', spinner: 'lg', text: 'text-base' },
} as const;

interface LoadingCardProps {
  /** Optional text under the spinner, e.g. 'Loading posts...'. */
  message?: string;
  size?: keyof typeof SIZES;
  className?: string;
}

/** The loading placeholder card of spec 01 section 2 (sizes sm, md, lg). */
export function LoadingCard({ message, size = 'md', className = '' }: LoadingCardProps) {
  const s = SIZES[size];
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={message ?? 'Loading'}
      className={`flex flex-col items-center justify-center gap-3 rounded-xl border border-gray-200 bg-white text-gray-500 shadow-sm ${s.box} ${className}`}
    >
      <Spinner size={s.spinner} />
      {message ? <p className={s.text}>{message}</p> : null}
    </div>
  );
}
