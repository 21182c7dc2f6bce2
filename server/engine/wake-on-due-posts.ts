import type { ClusterSignals } from '../cluster/cluster-signals.js';
import type { EventBus } from '../core/event-bus.js';

/** How far ahead a saved post wakes the engines: they arm their timer for it (see engine.ts). */
export const WAKE_HORIZON_MS = 65_000;

/**
 * A post saved (created, rescheduled, posted now) to fall due soon wakes every engine of the
 * install at once, whichever process saved it: its due timer is armed or it is claimed now,
 * rather than at the next sweep. The signal is sent once per turn of the event loop however many
 * posts were saved in it (an import, a group), never once per post.
 */
export function wakeEnginesOnDuePosts(events: EventBus, signals: ClusterSignals): () => void {
  return events.subscribeAll((_userId, event, origin) => {
    // The process that saved the post signals; the others only hear of it.
    if (origin !== 'local') return;
    // A bulk import says so in one event, without each post's time: any of them may be due.
    if (event.type === 'posts.changed') return signals.send('wake');
    if (event.type !== 'post.inserted' && event.type !== 'post.updated') return;
    const post = event.post as { status?: string; scheduledAt?: string | null };
    if (post.status !== 'scheduled' || !post.scheduledAt) return;
    if (Date.parse(post.scheduledAt) - Date.now() <= WAKE_HORIZON_MS) signals.send('wake');
  });
}
