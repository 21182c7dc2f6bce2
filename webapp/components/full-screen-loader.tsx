/** Shown while the session loads (spec 01: 'Authenticating...'). */
export function FullScreenLoader({ label = 'Authenticating...' }: { label?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-live="polite">
      <div className="flex flex-col items-center gap-3 text-gray-600">
        <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
        <span>{label}</span>
      </div>
    </div>
  );
}
