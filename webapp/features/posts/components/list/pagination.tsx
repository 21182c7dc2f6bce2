interface PaginationProps {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/** Page numbers (with Previous/Next), windowed around the current page. */
export function Pagination({ page, total, pageSize, onPage }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const numbers: (number | 'gap')[] = [];
  for (let n = 1; n <= pages; n += 1) {
    if (n === 1 || n === pages || Math.abs(n - page) <= 1) numbers.push(n);
    else if (numbers[numbers.length - 1] !== 'gap') numbers.push('gap');
  }
  const base = 'min-w-9 h-9 rounded-lg px-3 text-sm font-medium';
  return (
    <nav aria-label="Pagination" className="mt-6 flex flex-wrap items-center justify-center gap-1">
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        className={`${base} text-gray-700 hover:bg-gray-100 disabled:opacity-40`}
      >
        Previous
      </button>
      {numbers.map((n, i) =>
        n === 'gap' ? (
          <span key={`gap-${i}`} className="px-1 text-gray-400">
            …
          </span>
        ) : (
          <button
            key={n}
            type="button"
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            onClick={() => onPage(n)}
            className={`${base} ${n === page ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-100'}`}
          >
            {n}
          </button>
        ),
      )}
      <button
        type="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        className={`${base} text-gray-700 hover:bg-gray-100 disabled:opacity-40`}
      >
        Next
      </button>
    </nav>
  );
}
