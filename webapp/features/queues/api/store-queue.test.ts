import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { QueueDto } from '../../../../shared/queues/api';
import { queueKeys } from '../../../lib/query-keys';
import { storeQueue } from './store-queue';

function queue(id: string, name: string): QueueDto {
  return { id, name } as QueueDto;
}

describe('the queues cache', () => {
  it('puts a queue the server answered in place, or first when it is new', async () => {
    const client = new QueryClient();
    client.setQueryData(queueKeys.list(), [queue('a', 'A'), queue('b', 'B')]);
    await storeQueue(client, queue('b', 'B renamed'));
    await storeQueue(client, queue('c', 'C'));
    expect(client.getQueryData<QueueDto[]>(queueKeys.list())?.map((q) => q.name)).toEqual([
      'C',
      'A',
      'B renamed',
    ]);
  });
});
