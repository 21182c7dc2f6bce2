import { browser } from 'wxt/browser';
import type { MediaDto } from '../../../shared/posts/api';
import { truncateText } from '../../../shared/text/truncate';
import type { WallTime } from '../../../shared/time/zoned-time';

/**
 * The popup closes whenever it loses focus: what was typed is kept in the extension's
 * storage.local per user until it is sent, saved or discarded, and offered back on the next
 * opening. An attached image is kept as the uploaded media (id and address), never its bytes.
 */
export interface UnsentPopupPost {
  content: string;
  accountIds: string[];
  media: MediaDto | null;
  /** Only a time the user chose (the default one is not work to lose). */
  when: WallTime | null;
  savedAt: string;
}

function keyFor(userId: string): string {
  return `unsentPost:${userId}`;
}

/** Text, an image or a chosen time: something that would be lost. Chosen accounts alone are not. */
function holdsAnything(post: Pick<UnsentPopupPost, 'content' | 'media' | 'when'>): boolean {
  return post.content.trim() !== '' || post.media !== null || post.when !== null;
}

export async function saveUnsentPost(userId: string, post: UnsentPopupPost): Promise<void> {
  await browser.storage.local.set({ [keyFor(userId)]: post });
}

export async function getUnsentPost(userId: string): Promise<UnsentPopupPost | null> {
  const value = (await browser.storage.local.get(keyFor(userId)))[keyFor(userId)] as
    | Partial<UnsentPopupPost>
    | undefined;
  if (!value || typeof value.content !== 'string' || !Array.isArray(value.accountIds)) return null;
  const post: UnsentPopupPost = {
    content: value.content,
    accountIds: value.accountIds.filter((id): id is string => typeof id === 'string'),
    media: value.media && typeof value.media.id === 'string' ? value.media : null,
    when: value.when && typeof value.when.date === 'string' ? value.when : null,
    savedAt: typeof value.savedAt === 'string' ? value.savedAt : new Date(0).toISOString(),
  };
  return holdsAnything(post) ? post : null;
}

export async function clearUnsentPost(userId: string): Promise<void> {
  await browser.storage.local.remove(keyFor(userId));
}

/** The restore question's line: the start of the text, or what else it holds. */
export function restoreMessage(post: Pick<UnsentPopupPost, 'content' | 'media'>): string {
  const text = post.content.trim().replace(/\s+/g, ' ');
  if (text) return `You have an unsent post: "${truncateText(text, 80, { ellipsis: '…' })}"`;
  return post.media ? 'You have an unsent post with an image.' : 'You have an unsent post.';
}
