import { useQuery } from '@tanstack/react-query';
import type { ImportPostsBody, ImportResult } from '../../../../shared/posts/import';
import type { QueueDto } from '../../../../shared/queues/api';
import { api } from '../../../lib/api-client';
import { queueKeys } from '../../../lib/query-keys';

/** `POST /api/posts/import`: the preview (dryRun) or the saved import. */
export function importPosts(body: ImportPostsBody): Promise<ImportResult> {
  return api<ImportResult>('/api/posts/import', { method: 'POST', json: body });
}

async function listQueues(): Promise<QueueDto[]> {
  return (await api<{ queues: QueueDto[] }>('/api/queues')).queues;
}

/** The automated queues a whole import can be added to. */
export function useImportQueues(enabled: boolean) {
  return useQuery({ queryKey: queueKeys.all, queryFn: listQueues, enabled });
}
