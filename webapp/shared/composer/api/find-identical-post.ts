import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { IdenticalPostResult } from '../../../../shared/posts/api';
import { api } from '../../../lib/api-client';
import { postKeys } from '../../../lib/query-keys';

export interface IdenticalPostCheck {
  socialAccountId: string;
  content: string;
  hasMedia: boolean;
  /** When this post goes out (UTC ISO); null for now. */
  at: string | null;
  excludePostId?: string;
}

/** The account's nearest post with the same text within a day, where its platform refuses repeats. */
function findIdenticalPost(check: IdenticalPostCheck): Promise<IdenticalPostResult> {
  return api<IdenticalPostResult>('/api/posts/identical', { method: 'POST', json: check });
}

export function identicalPostQueryOptions(check: IdenticalPostCheck) {
  return {
    // Under the posts key: a post created, moved or deleted elsewhere refreshes the answer.
    queryKey: [...postKeys.all, 'identical', check],
    queryFn: () => findIdenticalPost(check),
    staleTime: 30_000,
    retry: false,
  } as const;
}

/** Asked again when the text, the account or the time changes; null asks nothing. */
export function useIdenticalPost(check: IdenticalPostCheck | null) {
  return useQuery({
    ...identicalPostQueryOptions(check ?? { socialAccountId: '', content: '', hasMedia: false, at: null }),
    enabled: check !== null,
    placeholderData: keepPreviousData,
  });
}
