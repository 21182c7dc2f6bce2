const STYLES: Record<string, string> = {
  draft: 'bg-gray-100 text-gray-700',
  scheduled: 'bg-blue-50 text-blue-700',
  publishing: 'bg-amber-50 text-amber-700',
  posted: 'bg-green-50 text-green-700',
  failed: 'bg-red-50 text-red-700',
};

const LABELS: Record<string, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  posted: 'Posted',
  failed: 'Failed',
};

/** A post's status as a small pill (green posted, red failed, amber publishing, blue scheduled). */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <span
      className={`inline-flex shrink-0 rounded-full px-2 py-0.5 font-medium text-xs ${STYLES[status] ?? STYLES.scheduled}`}
    >
      {label ?? LABELS[status] ?? status}
    </span>
  );
}
