import { useState } from 'react';

interface MediaThumbProps {
  url: string;
  kind: string;
  name: string;
  className?: string;
  /** Videos show controls (previews) or stay still (cards). */
  controls?: boolean;
}

/** One media file: image, video, or a named document/audio tile; a failed load shows 'Failed to load media'. */
export function MediaThumb({ url, kind, name, className = '', controls = false }: MediaThumbProps) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div
        className={`flex items-center justify-center bg-gray-100 p-2 text-center text-gray-500 text-xs ${className}`}
      >
        Failed to load media
      </div>
    );
  }
  if (kind === 'image') {
    return (
      <img
        src={url}
        alt={name}
        loading="lazy"
        onError={() => setFailed(true)}
        className={`object-cover ${className}`}
      />
    );
  }
  if (kind === 'video') {
    return (
      <video
        src={url}
        controls={controls}
        muted
        preload="metadata"
        aria-label={name}
        onError={() => setFailed(true)}
        className={`bg-black object-cover ${className}`}
      />
    );
  }
  return (
    <div
      className={`flex flex-col items-center justify-center gap-1 bg-gray-100 p-2 text-center text-gray-600 text-xs ${className}`}
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        className="h-6 w-6"
        aria-hidden="true"
      >
        <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9l-6-6Z" />
        <path d="M14 3v6h6" />
      </svg>
      <span className="line-clamp-2 break-all">{name}</span>
    </div>
  );
}
