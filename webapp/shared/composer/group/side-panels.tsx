import { memo } from 'react';
import type { AccountDto } from '../../../../shared/accounts/account';
import { accountLabel } from '../../../../shared/accounts/account-label';
import { getPlatform } from '../../../../shared/platforms/registry';
import type { PostDto } from '../../../../shared/posts/api';
import { noAccountConnectedMessage } from '../../../../shared/posts/constants';
import type { TimeFormat } from '../../../../shared/settings/preferences';
import { formatDateTime } from '../../../../shared/time/format';
import { Button } from '../../../components/button';
import { ExternalLinkIcon } from '../../../components/icons';
import { PlatformIcon } from '../../../components/platform-icon';
import { stateFromPost } from '../composer-state';
import { PostPreview } from '../post-preview';
import type { VersionTab } from './group-tabs';
import { problemLines } from './version-panel';

/**
 * Beside the shared text: every chosen account, whether it follows the shared text or has its
 * own version, and its problems; each opens its version's tab.
 */
export const NetworksOverview = memo(function NetworksOverview({
  tabs,
  onOpen,
}: {
  tabs: readonly VersionTab[];
  onOpen: (tabId: string) => void;
}) {
  const versions = tabs.filter((tab) => tab.kind === 'version');
  return (
    <section aria-label="Networks" className="min-w-0 rounded-xl bg-gray-50 p-4">
      <h3 className="mb-3 font-medium text-gray-500 text-xs uppercase tracking-wide">How it goes out</h3>
      <ul className="space-y-2">
        {versions.map((tab) => {
          const lines = problemLines(tab.problems, tab.accounts);
          return (
            <li key={tab.id} className="rounded-lg border border-gray-200 bg-white p-3">
              <div className="flex items-center gap-2">
                <PlatformIcon platform={tab.target.platform} className="h-5 w-5" />
                <span className="min-w-0 flex-1 truncate font-medium text-gray-900 text-sm">
                  {tab.accounts.map((account) => account.accountName).join(', ')}
                </span>
                <Button variant="ghost" size="sm" onClick={() => onOpen(tab.id)}>
                  {tab.customised ? 'Edit' : 'Customise'}
                  <span className="sr-only"> {tab.label}</span>
                </Button>
              </div>
              <p className="mt-1 text-gray-600 text-xs">
                {tab.customised ? 'Customised' : 'Follows the shared text'}
              </p>
              {lines.length > 0 ? (
                <ul className="mt-1 space-y-0.5 text-red-700 text-xs">
                  {lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
});

/** A platform chosen without a connected account (spec: the preview says so, with a connect button). */
export function MissingAccountPanel({
  platform,
  onConnect,
}: {
  platform: VersionTab & { kind: 'missing' };
  onConnect: () => void;
}) {
  const name = getPlatform(platform.platform).displayName;
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-center">
      <p className="text-gray-700 text-sm">{noAccountConnectedMessage(name)}</p>
      <Button size="sm" onClick={onConnect}>
        Connect {name}
      </Button>
    </div>
  );
}

const STATUS_LABELS: Partial<Record<PostDto['status'], string>> = {
  posted: 'Posted',
  publishing: 'Being published',
};

/** A version already sent (or being sent): read only, with its status and a link to it. */
export function SentVersionPanel({
  post,
  account,
  timezone,
  timeFormat,
}: {
  post: PostDto;
  account: AccountDto | null;
  timezone: string;
  timeFormat: TimeFormat;
}) {
  const when = post.postedAt ? formatDateTime(post.postedAt, timezone, timeFormat) : null;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-3 text-sm">
        <p className="text-gray-700">
          <span className="rounded-full bg-green-100 px-2 py-0.5 font-medium text-green-800">
            {STATUS_LABELS[post.status] ?? post.status}
          </span>{' '}
          {when ? `on ${when}. ` : ''}A sent version can no longer be edited; changes to the shared text leave
          it as it is.
        </p>
        <p className="text-gray-600">{account ? accountLabel(account) : null}</p>
        {post.platformPostUrl ? (
          <a
            href={post.platformPostUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
          >
            View post
            <ExternalLinkIcon className="h-3.5 w-3.5" />
          </a>
        ) : null}
      </div>
      <section aria-label="Preview" className="min-w-0 rounded-xl bg-gray-50 p-4">
        <PostPreview state={stateFromPost(post)} account={account ?? post.account} />
      </section>
    </div>
  );
}
