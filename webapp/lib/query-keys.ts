/** The one query-key factory of the posts feature: lists and details hang under ['posts']. */
export interface PostListFilters {
  view: 'upcoming' | 'sent';
  search?: string;
  platform?: string;
  accountId?: string;
  status?: string;
  range?: string;
  sort?: 'newest' | 'oldest';
  page?: number;
}

export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  list: (filters: PostListFilters) => [...postKeys.lists(), filters] as const,
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (id: string) => [...postKeys.details(), id] as const,
};
