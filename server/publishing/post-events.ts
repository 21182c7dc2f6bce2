import type { ScheduledPostRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { toPostDto } from '../posts/post-dto.js';

/** Pushes the post as the lists show it to the owner's open clients. */
export async function publishPostUpdated(
  deps: Pick<AppDeps, 'db' | 'events'>,
  row: ScheduledPostRow,
): Promise<void> {
  deps.events.publish(row.userId, { type: 'post.updated', post: await toPostDto(deps.db, row) });
}
