import { useCallback, useEffect, useRef } from 'react';
import type { MediaDto } from '../../../shared/posts/api';
import { uploadMedia } from './upload-media';

interface UploadCallbacks {
  onProgress: (fraction: number) => void;
  onDone: (media: MediaDto) => void;
  onError: (message: string) => void;
}

/** Starts uploads that are cancelled when the component that started them goes away. */
export function useMediaUpload() {
  const controllers = useRef(new Set<AbortController>());
  useEffect(() => {
    const active = controllers.current;
    return () => {
      for (const controller of active) controller.abort();
      active.clear();
    };
  }, []);

  return useCallback(
    (
      file: File,
      options: { platform?: string; postType?: string; pasted?: boolean },
      callbacks: UploadCallbacks,
    ) => {
      const controller = new AbortController();
      controllers.current.add(controller);
      uploadMedia({ file, ...options, onProgress: callbacks.onProgress, signal: controller.signal })
        .then(callbacks.onDone)
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          callbacks.onError(
            error instanceof Error && error.message ? error.message : `Failed to upload ${file.name}`,
          );
        })
        .finally(() => controllers.current.delete(controller));
      return () => controller.abort();
    },
    [],
  );
}
