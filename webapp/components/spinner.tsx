const SIZES = { sm: 'h-4 w-4 border-2', md: 'h-6 w-6 border-2', lg: 'h-10 w-10 border-4' } as const;

interface SpinnerProps {
  size?: keyof typeof SIZES;
  className?: string;
  /** Read by screen readers; omit when the surrounding text already says what is loading. */
  label?: string;
}

/** A round spinner in brand colours. */
export function Spinner({ size = 'md', className = '', label }: SpinnerProps) {
  const circle = (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 animate-spin rounded-full border-brand-100 border-t-brand-600 ${SIZES[size]} ${className}`}
    />
  );
  if (!label) return circle;
  return (
    <span role="status" className="inline-flex">
      {circle}
      <span className="sr-only">{label}</span>
    </span>
  );
}
