import { api } from '../../../lib/api-client';

export interface MentionUser {
  id: string;
  username: string;
  name: string;
}

/** X user lookup for @mentions; any failure is an empty list (spec 02 section 7: silently). */
export async function searchMentions(
  accountId: string,
  query: string,
  signal?: AbortSignal,
): Promise<MentionUser[]> {
  try {
    const { users } = await api<{ users: MentionUser[] }>(
      `/api/accounts/${encodeURIComponent(accountId)}/mentions`,
      { query: { query }, signal },
    );
    return Array.isArray(users) ? users : [];
  } catch {
    return [];
  }
}
