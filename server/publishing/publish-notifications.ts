import type { PlatformId } from '../../shared/platforms/ids.js';
import { getPlatform } from '../../shared/platforms/registry.js';
import type { AppDeps } from '../http/types.js';
import { createNotification } from '../notifications/create-notification.js';
import { notifyGroupOutcome } from './group-notifications.js';

function platformName(platform: string): string {
  try {
    return getPlatform(platform as PlatformId).displayName;
  } catch {
    return platform;
  }
}

type Deps = Pick<AppDeps, 'db' | 'events'>;

/** A post as its notification needs it; a post of a group (`groupId`) shares the group's notification. */
interface NotifiedPost {
  id: string;
  userId: string;
  platform: string;
  groupId?: string | null;
}

export async function notifyPublished(deps: Deps, post: NotifiedPost) {
  if (post.groupId && (await notifyGroupOutcome(deps, { ...post, groupId: post.groupId }))) return;
  await createNotification(deps, {
    userId: post.userId,
    type: 'post_success',
    title: 'Post published',
    message: `Your ${platformName(post.platform)} post was published.`,
    data: { postId: post.id },
  });
}

export async function notifyFailed(deps: Deps, post: NotifiedPost, reason: string) {
  if (post.groupId && (await notifyGroupOutcome(deps, { ...post, groupId: post.groupId }))) return;
  await createNotification(deps, {
    userId: post.userId,
    type: 'post_failure',
    title: 'Post failed',
    message: `Your ${platformName(post.platform)} post could not be published: ${reason}`,
    data: { postId: post.id },
  });
}

export function notifyUnknownOutcome(deps: Deps, post: { id: string; userId: string; platform: string }) {
  return createNotification(deps, {
    userId: post.userId,
    type: 'post_failure',
    title: 'Post outcome unknown',
    message: `We could not confirm whether your ${platformName(post.platform)} post was published. Check your account on ${platformName(post.platform)} before retrying.`,
    data: { postId: post.id, action: 'check_platform' },
  });
}

export function notifyMissed(
  deps: Deps,
  post: { id: string; userId: string; platform: string; scheduledAt: number | null },
) {
  const when = post.scheduledAt ? new Date(post.scheduledAt).toISOString() : 'its scheduled time';
  return createNotification(deps, {
    userId: post.userId,
    type: 'post_failure',
    title: 'Post missed',
    message: `Your ${platformName(post.platform)} post scheduled for ${when} was not published because Postloom was offline at that time. Use Post Now to publish it.`,
    data: { postId: post.id, action: 'post_now', scheduledAt: when },
  });
}
