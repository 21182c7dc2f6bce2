import { getPlatform } from '../../shared/platforms/registry.js';
import type { GroupAccountStatus } from '../../shared/posts/group-outcome.js';
import { groupOutcome, postedToMessage } from '../../shared/posts/group-outcome.js';
import type { AppDeps } from '../http/types.js';
import { createOrMergeGroupNotification } from '../notifications/create-notification.js';
import { getGroupAccountStatuses } from '../posts/get-post-group.js';

/**
 * One notification for the posts of a group that publish or fail close together (issue 23):
 * 'Posted to 3 of 4 accounts', each account's status in `data.accounts` (the web app's rows), and
 * a message that says the same in words (the extension, e-mail and push show it). A failure makes
 * it a failure notification. Answers false for a group of one post: that one reads as a lone post.
 */
export async function notifyGroupOutcome(
  deps: Pick<AppDeps, 'db' | 'events'>,
  post: { id: string; userId: string; groupId: string },
): Promise<boolean> {
  const notification = await createOrMergeGroupNotification(
    deps,
    { userId: post.userId, groupId: post.groupId },
    async (db) => {
      const accounts = await getGroupAccountStatuses(db, post.userId, post.groupId);
      if (accounts.length < 2) return null;
      const outcome = groupOutcome(accounts.map((account) => account.status));
      return {
        type: outcome.failed > 0 ? 'post_failure' : 'post_success',
        title: postedToMessage(outcome),
        message: groupMessage(accounts),
        data: { postId: post.id, accounts },
      };
    },
  );
  return notification !== null;
}

function accountLabel(account: GroupAccountStatus): string {
  const platform = getPlatform(account.platform).displayName;
  return account.accountName && account.accountName !== platform
    ? `${platform} (${account.accountName})`
    : platform;
}

function inWords(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** 'Published on X (Ava) and Instagram (ava). Could not publish on Facebook (Page B): reason.' */
export function groupMessage(accounts: readonly GroupAccountStatus[]): string {
  const posted = accounts.filter((account) => account.status === 'posted').map(accountLabel);
  const pending = accounts
    .filter((account) => account.status !== 'posted' && account.status !== 'failed')
    .map(accountLabel);
  const sentences = [
    posted.length > 0 ? `Published on ${inWords(posted)}.` : '',
    ...accounts
      .filter((account) => account.status === 'failed')
      .map((account) => `Could not publish on ${accountLabel(account)}: ${account.error ?? 'unknown error'}`),
    pending.length > 0 ? `Still to go: ${inWords(pending)}.` : '',
  ];
  return sentences.filter(Boolean).join(' ');
}
