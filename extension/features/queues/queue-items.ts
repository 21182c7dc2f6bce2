import type { AccountDto } from '../../../shared/accounts/account';
import { ApiError } from '../../../shared/http/api-error';
import { getPlatform } from '../../../shared/platforms/registry';
import type { QueueDto } from '../../../shared/queues/api';
import { apiRequest } from '../../lib/api-client';

export interface QueueItemResult {
  account: AccountDto;
  error: string | null;
}

export async function listQueues(): Promise<QueueDto[]> {
  const { queues } = await apiRequest<{ queues: QueueDto[] }>('/api/queues');
  return queues;
}

/** The text an item gets: what the user wrote, or else the page's title and address. */
export function itemText(content: string, page: { title: string; url: string } | null): string {
  if (content.trim()) return content;
  return page ? [page.title, page.url].filter(Boolean).join('\n') : '';
}

/**
 * One queue item per chosen account (an item is a post for one account); the server checks each
 * with its platform's rules and its message is kept per account.
 */
export async function addToQueue(input: {
  queueId: string;
  accounts: AccountDto[];
  content: string;
  mediaIds: string[];
}): Promise<QueueItemResult[]> {
  const results: QueueItemResult[] = [];
  for (const account of input.accounts) {
    try {
      await apiRequest(`/api/queues/${encodeURIComponent(input.queueId)}/items`, {
        body: {
          socialAccountId: account.id,
          postType: getPlatform(account.platform).defaultPostType,
          content: input.content,
          media: input.mediaIds,
        },
      });
      results.push({ account, error: null });
    } catch (error) {
      results.push({ account, error: error instanceof ApiError ? error.message : String(error) });
      if (error instanceof ApiError && error.status === 401) break;
    }
  }
  return results;
}
