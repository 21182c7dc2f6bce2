import { EventEmitter } from 'node:events';
import type { ImportProgress } from '../../shared/posts/import.js';

/** What the server pushes to a user's open tabs and extension over `GET /api/events`. */
export type UserEvent =
  | { type: 'post.inserted'; post: unknown }
  | { type: 'post.updated'; post: unknown }
  | { type: 'post.deleted'; postId: string }
  | { type: 'notification.inserted'; notification: unknown }
  /**
   * A group's notification took in another account's outcome (notifications/create-notification.ts);
   * `becameFailure`: it now reports a failure it did not before (e-mail and push send it again).
   */
  | { type: 'notification.updated'; notification: unknown; becameFailure: boolean }
  | { type: 'accounts.changed' }
  /**
   * Many posts (or queue items) were written at once, by a bulk import: one event in place of one
   * `post.inserted` per post, and the post lists and queues refetch.
   */
  | { type: 'posts.changed'; reason: 'import'; posts: number; queueItems: number }
  /** A bulk import's progress, for the client that chose `progressId` (bulk-import/import-progress.ts). */
  | ({ type: 'import.progress' } & ImportProgress)
  /**
   * Internal, never sent to clients: sessions (SHA-256 ids, or all of the user's) that were
   * ended; their live streams close.
   */
  | { type: 'session.revoked'; sessionIds: string[] | 'all' }
  /**
   * Internal, never sent to clients: the user's account was deleted; every process's engine drops
   * the posts of theirs it holds before anything more is sent.
   */
  | { type: 'user.forgotten' };

/** Where an event was published: in this process, or in another one of the install (relayed). */
export type EventOrigin = 'local' | 'remote';

export interface EventBus {
  /** To this process's listeners, and relayed to the install's other processes. */
  publish(userId: string, event: UserEvent): void;
  /** An event another process published (its relay hands it over): to this process's listeners only. */
  deliverRemote(userId: string, event: UserEvent): void;
  /** The user's events from every process (live streams). Returns the unsubscribe function. */
  subscribe(userId: string, listener: (event: UserEvent) => void): () => void;
  /**
   * Every user's events, with where each was published (server-side consumers: a consumer that
   * acts on shared state takes only its own process's, or the install acts N times).
   */
  subscribeAll(listener: (userId: string, event: UserEvent, origin: EventOrigin) => void): () => void;
}

// Never a user id (ids are random strings without this prefix).
const ALL = '*all*';

export function createEventBus(
  options: { relay?: (userId: string, event: UserEvent) => void } = {},
): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(userId, event) {
      emitter.emit(userId, event);
      emitter.emit(ALL, userId, event, 'local');
      options.relay?.(userId, event);
    },
    deliverRemote(userId, event) {
      emitter.emit(userId, event);
      emitter.emit(ALL, userId, event, 'remote');
    },
    subscribe(userId, listener) {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
    subscribeAll(listener) {
      emitter.on(ALL, listener);
      return () => emitter.off(ALL, listener);
    },
  };
}
