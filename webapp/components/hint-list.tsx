/** Live checks under a field: each line turns green when its rule holds. */
export function HintList({ items }: { items: { label: string; ok: boolean }[] }) {
  return (
    <ul className="space-y-0.5 text-xs" aria-live="polite">
      {items.map((item) => (
        <li key={item.label} className={item.ok ? 'text-green-700' : 'text-gray-500'}>
          <span aria-hidden="true">{item.ok ? '✓' : '○'}</span> {item.label}
          <span className="sr-only">{item.ok ? ' (done)' : ' (not yet)'}</span>
        </li>
      ))}
    </ul>
  );
}

export function passwordHints(password: string) {
  return [
    { label: 'At least 6 characters', ok: password.length >= 6 },
    { label: 'Contains a number', ok: /\d/.test(password) },
  ];
}
