import { DAY_MS } from './meta-graph.js';
import { fetchMedia, isVideoFormat, type MediaFormat } from './meta-media.js';

/**
 * Instagram and Threads publish in two steps: a media container is created, Meta downloads
 * and processes its media (IN_PROGRESS), then it can be published (FINISHED -> PUBLISHED).
 * Unpublished containers expire after 24 hours.
 */
type ContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'PUBLISHED' | 'ERROR' | 'EXPIRED';

export interface MediaContainer {
  id: string;
  accountId: string;
  /** IMAGE, VIDEO, REELS, STORIES, CAROUSEL or TEXT. */
  mediaType: string;
  isCarouselItem: boolean;
  text: string;
  altText?: string;
  mediaKind: 'image' | 'video' | null;
  mediaUrl?: string;
  bytes?: number;
  children: string[];
  replyToId: string | null;
  createdAt: number;
  /** Virtual time at which processing is over (the sandbox's containerDelayMs after creation). */
  readyAt: number;
  download: 'pending' | 'ok' | 'error';
  errorMessage?: string;
  publishedId?: string;
}

interface DownloadRules {
  imageFormats: MediaFormat[];
  imageFormatMessage: string;
  maxImageBytes: number;
  maxVideoBytes: number;
}

/** Downloads the container's media in the background; the create call answers at once. */
export function startDownload(container: MediaContainer, rules: DownloadRules): void {
  if (!container.mediaUrl || !container.mediaKind) {
    container.download = 'ok';
    return;
  }
  const kind = container.mediaKind;
  const maxBytes = kind === 'image' ? rules.maxImageBytes : rules.maxVideoBytes;
  void fetchMedia(container.mediaUrl, maxBytes).then((result) => {
    if (!result.ok) {
      container.download = 'error';
      container.errorMessage = result.message;
      return;
    }
    if (kind === 'image' && !rules.imageFormats.includes(result.format)) {
      container.download = 'error';
      container.errorMessage = rules.imageFormatMessage;
      return;
    }
    if (kind === 'video' && !isVideoFormat(result.format)) {
      container.download = 'error';
      container.errorMessage = 'The video format is not supported: use an MP4 or MOV file.';
      return;
    }
    container.bytes = result.bytes;
    container.download = 'ok';
  });
}

export function containerStatus(
  container: MediaContainer,
  containers: Map<string, MediaContainer>,
  now: number,
): ContainerStatus {
  if (container.publishedId) return 'PUBLISHED';
  if (container.download === 'error') return 'ERROR';
  if (now >= container.createdAt + DAY_MS) return 'EXPIRED';
  let childrenPending = false;
  for (const childId of container.children) {
    const child = containers.get(childId);
    const status = child ? containerStatus(child, containers, now) : 'ERROR';
    if (status === 'ERROR' || status === 'EXPIRED') {
      container.download = 'error';
      container.errorMessage = `Carousel item ${childId} failed: ${child?.errorMessage ?? 'it expired.'}`;
      return 'ERROR';
    }
    if (status === 'IN_PROGRESS') childrenPending = true;
  }
  if (container.download === 'pending' || childrenPending || now < container.readyAt) return 'IN_PROGRESS';
  return 'FINISHED';
}
