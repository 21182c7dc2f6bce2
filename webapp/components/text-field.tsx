import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error (announced) and optional hints below. */
export function TextField({ label, error, hint, id, className = '', ...rest }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`mb-4 ${className}`}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`block h-11 w-full rounded-lg border bg-white px-3 text-base text-gray-900 shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:text-sm ${error ? 'border-red-400' : 'border-gray-300'}`}
        {...rest}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {hint ? (
        <div id={hintId} className="mt-2">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
