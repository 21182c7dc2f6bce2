import { getPlatform } from '../../../shared/platforms/registry';
import { ADD_TO_NEXT_FREE_TIME } from '../../../shared/posts/api';
import type { Preferences } from '../../../shared/settings/preferences';
import { formatSlot } from '../../../shared/time/format';
import { type ComposerAction, describeResult, type PostResult, webAppPathFor } from './create-posts';

const ACTION_DONE: Record<ComposerAction, string> = {
  publish: 'Posted',
  schedule: 'Scheduled',
  draft: 'Draft saved',
  queue: 'Added to the queue',
};

/** One line per account: "Sending..." while the server works, then its outcome (a link when posted). */
export function PostResults({
  action,
  items,
  preferences,
  server,
}: {
  action: ComposerAction;
  items: PostResult[];
  preferences: Preferences;
  server: string;
}) {
  return (
    <ul className="notifications results" aria-label="Results" aria-live="polite">
      {items.map((item) => {
        const done =
          action === ADD_TO_NEXT_FREE_TIME && item.post
            ? `Added to the queue for ${formatSlot(item.post.scheduledAt, preferences.timezone, preferences.timeFormat)}`
            : ACTION_DONE[action];
        const view = describeResult(action, item, done);
        return (
          <li key={item.account.id} className={view.tone}>
            {item.account.accountName}: {view.text}
            {view.tone === 'success' && view.url ? (
              <>
                {' '}
                <a href={view.url} target="_blank" rel="noreferrer">
                  View on {getPlatform(item.account.platform).displayName}
                </a>
              </>
            ) : null}
          </li>
        );
      })}
      {items.some((item) => item.post) ? (
        <li>
          <a href={`${server}${webAppPathFor(action)}`} target="_blank" rel="noreferrer">
            View in Postloom
          </a>
        </li>
      ) : null}
    </ul>
  );
}
