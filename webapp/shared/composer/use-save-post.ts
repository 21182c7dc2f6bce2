import { toast } from 'sonner';
import { ApiError } from '../../../shared/http/api-error';
import type { PlatformId } from '../../../shared/platforms/ids';
import {
  ADD_TO_NEXT_FREE_TIME,
  POST_MESSAGES as API_MESSAGES,
  type PostDto,
  type PostRequestAction,
} from '../../../shared/posts/api';
import { POST_MESSAGES, TIKTOK_DRAFT_SCHEDULED_AT } from '../../../shared/posts/constants';
import { isInFuture } from '../../../shared/posts/post-timing';
import { formatDateTime } from '../../../shared/time/format';
import { usePreferences } from '../preferences/preferences';
import { useCreatePost } from './api/create-post';
import { usePublishPost } from './api/publish-post';
import { useUpdatePost } from './api/update-post';
import type { toPostBody } from './composer-state';

/** Not in the spec: the engine will retry (or is still sending); the notification tells the outcome. */
export const PUBLISH_PENDING_MESSAGE = 'Your post is being published. You will be notified when it is live.';

function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * The time a save sends for `action` (spec 02 section 4), or why it cannot be saved: Schedule
 * needs a time in the future; Post Now and Add to next free time send none (the server picks);
 * LinkedIn drafts send no time and TikTok drafts the far-future instant.
 */
export function scheduledAtFor(
  action: PostRequestAction,
  platform: PlatformId | null,
  chosen: string | null,
  now = Date.now(),
): { scheduledAt: string | null } | { error: string } {
  if (action === 'schedule') {
    if (!chosen) return { error: API_MESSAGES.scheduleMissing };
    if (!isInFuture(Date.parse(chosen), now)) return { error: API_MESSAGES.scheduleInPast };
    return { scheduledAt: chosen };
  }
  if (action === 'publish' || action === ADD_TO_NEXT_FREE_TIME) return { scheduledAt: null };
  if (platform === 'linkedin') return { scheduledAt: null };
  if (platform === 'tiktok') return { scheduledAt: TIKTOK_DRAFT_SCHEDULED_AT };
  return { scheduledAt: chosen };
}

interface SavePostRequest {
  action: PostRequestAction;
  body: ReturnType<typeof toPostBody>;
  scheduledAt: string | null;
  /** The stored post this composition edits (the same row is saved), or null for a new post. */
  savedId: string | null;
  /** Called once the server holds the post (before Post Now's outcome is known). */
  onStored: (post: PostDto) => void;
}

/**
 * Create Post's save: the post is created (or its row updated) and a toast says what happened.
 * Post Now on a new post is one request: the server publishes it and answers with the post after
 * its attempt; an edited post is saved, then sent. Resolves with null when the composer can close,
 * or with the message its red box shows.
 */
export function useSavePost() {
  const createPost = useCreatePost();
  const updatePost = useUpdatePost();
  const publishPost = usePublishPost();
  const preferences = usePreferences();

  return async function savePost(request: SavePostRequest): Promise<string | null> {
    const { action, savedId } = request;
    const input = { ...request.body, action, scheduledAt: request.scheduledAt };
    let post: PostDto;
    try {
      post = savedId
        ? await updatePost.mutateAsync({ id: savedId, input })
        : await createPost.mutateAsync(input);
    } catch (saveError) {
      return errorMessage(
        saveError,
        savedId ? POST_MESSAGES.failedToUpdatePost : POST_MESSAGES.failedToCreatePost,
      );
    }
    request.onStored(post);
    if (action === 'publish') {
      let published: PostDto = post;
      try {
        if (savedId) published = await publishPost.mutateAsync(post.id);
      } catch (publishError) {
        return errorMessage(publishError, POST_MESSAGES.failedToPostNow);
      }
      // The engine answers the settled row: a refusal by the platform is 'failed' with its reason.
      if (published.status === 'failed') return published.errorMessage || POST_MESSAGES.failedToPostNow;
      if (published.status === 'posted') toast.success(POST_MESSAGES.postPublished);
      else toast.message(PUBLISH_PENDING_MESSAGE);
    } else if (action === 'draft') {
      toast.success(savedId ? POST_MESSAGES.draftUpdated : POST_MESSAGES.draftSaved);
    } else if (action === ADD_TO_NEXT_FREE_TIME) {
      // The toast names the slot the server chose, in the user's zone and clock.
      toast.success(
        `Added to the queue for ${formatDateTime(post.scheduledAt, preferences.timezone, preferences.timeFormat)}`,
      );
    } else {
      toast.success(savedId ? POST_MESSAGES.postUpdated : POST_MESSAGES.postScheduled);
    }
    return null;
  };
}
