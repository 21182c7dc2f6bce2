import { networkError, parseErrorBody } from '../../../shared/http/api-error';
import type { MediaDto } from '../../../shared/posts/api';

interface UploadMediaInput {
  file: File;
  platform?: string;
  postType?: string;
  /** An image pasted from the clipboard (spec 02: pasted images have their own caps). */
  pasted?: boolean;
  /** 0..1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** POST /api/media with XMLHttpRequest, because fetch cannot report upload progress. */
export function uploadMedia({
  file,
  platform,
  postType,
  pasted,
  onProgress,
  signal,
}: UploadMediaInput): Promise<MediaDto> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    // The fields come first so the server knows the platform's cap while the file streams in.
    if (platform) form.append('platform', platform);
    if (postType) form.append('postType', postType);
    if (pasted) form.append('pasted', '1');
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/media');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object' && 'media' in body) {
        onProgress?.(1);
        resolve((body as { media: MediaDto }).media);
        return;
      }
      reject(parseErrorBody(xhr.status, xhr.responseText, `Failed to upload ${file.name}`));
    };
    xhr.onerror = () => reject(networkError(`Failed to upload ${file.name}`));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
