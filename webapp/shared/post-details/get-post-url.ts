import { api } from '../../lib/api-client';

type PostUrlAnswer = { url: string } | { action: 'reauthenticate'; error: string };

/** The post's public address on its platform, or a request to reconnect the account. */
export function getPostUrl(id: string): Promise<PostUrlAnswer> {
  return api<PostUrlAnswer>(`/api/posts/${encodeURIComponent(id)}/url`);
}
