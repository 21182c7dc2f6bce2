import { useId, useRef } from 'react';
import { CloseIcon } from '../../components/icons';
import { MediaThumb } from '../media/media-thumb';
import type { ComposerMedia } from './composer-state';

interface MediaFieldProps {
  media: ComposerMedia[];
  accept: readonly string[];
  /** Hide the button when the post type takes no more files. */
  canAdd: boolean;
  multiple: boolean;
  errors: string[];
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  label?: string;
}

/** 'Add media' button, thumbnails with an upload progress bar, and one error line per refused file. */
export function MediaField({
  media,
  accept,
  canAdd,
  multiple,
  errors,
  onAdd,
  onRemove,
  label = 'Add media',
}: MediaFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <div className="mt-3">
      {media.length > 0 ? (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label="Attached media">
          {media.map((item) => (
            <li
              key={item.key}
              className="relative h-20 w-20 overflow-hidden rounded-lg border border-gray-200"
            >
              <MediaThumb url={item.previewUrl} kind={item.kind} name={item.name} className="h-full w-full" />
              {item.media ? null : (
                <div className="absolute inset-x-1 bottom-1">
                  <div
                    role="progressbar"
                    aria-label={`Uploading ${item.name}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(item.progress * 100)}
                    className="h-1.5 overflow-hidden rounded-full bg-white/80"
                  >
                    <div
                      className="h-full bg-brand-600 transition-all"
                      style={{ width: `${Math.round(item.progress * 100)}%` }}
                    />
                  </div>
                </div>
              )}
              <button
                type="button"
                aria-label={`Remove ${item.name}`}
                onClick={() => onRemove(item.key)}
                className="absolute top-1 right-1 rounded-full bg-gray-900/70 p-0.5 text-white hover:bg-gray-900"
              >
                <CloseIcon className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {canAdd ? (
        <>
          <input
            ref={inputRef}
            id={id}
            type="file"
            className="sr-only"
            tabIndex={-1}
            accept={accept.join(',')}
            multiple={multiple}
            // The file input is a second control for assistive technology: its own name, not the button's.
            aria-label={`${label} from your device`}
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              if (files.length > 0) onAdd(files);
            }}
          />
          <button
            type="button"
            onClick={() => inputRef.current?.click()}
            className="inline-flex items-center gap-1.5 rounded-lg border border-gray-300 border-dashed px-3 py-1.5 text-gray-700 text-sm hover:bg-gray-50"
          >
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              className="h-4 w-4"
              aria-hidden="true"
            >
              <rect x="3" y="4" width="18" height="16" rx="2" />
              <path d="m3 16 5-5 4 4 3-3 6 6M15 9h.01" />
            </svg>
            {label}
          </button>
        </>
      ) : null}
      {errors.length > 0 ? (
        <ul className="mt-2 space-y-1" role="alert">
          {errors.map((error, i) => (
            <li key={`${i}-${error}`} className="text-red-600 text-sm">
              {error}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
