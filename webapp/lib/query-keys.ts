/**
 * The web app's query keys that more than one place reads or invalidates (the live events,
 * several features): one factory per resource, so a mutation invalidates with the factory's key,
 * never a hand-typed one.
 */
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

/** Posts: lists and details hang under ['posts']. */
export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  list: (filters: PostListFilters) => [...postKeys.lists(), filters] as const,
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (id: string) => [...postKeys.details(), id] as const,
  /** A post group with every account's post (GET /api/post-groups/:id). */
  groups: () => [...postKeys.all, 'group'] as const,
  group: (id: string) => [...postKeys.groups(), id] as const,
};

/** Queues: the list holds every queue with its items. */
export const queueKeys = {
  all: ['queues'] as const,
  list: () => [...queueKeys.all, 'list'] as const,
  /** The feeds that fill queues or make drafts (issue 28). */
  feeds: () => [...queueKeys.all, 'feeds'] as const,
};

export const onboardingKeys = {
  all: ['onboarding'] as const,
  checklist: () => [...onboardingKeys.all, 'checklist'] as const,
  visit: () => [...onboardingKeys.all, 'visit'] as const,
};

/** The posting schedule: the calendar shows its times, the schedule page edits them. */
export const scheduleKeys = {
  all: ['schedule'] as const,
  schedule: (accountId: string | null) => [...scheduleKeys.all, 'times', accountId ?? 'default'] as const,
  recommendations: () => [...scheduleKeys.all, 'recommendations'] as const,
};

/** The user's accounts; 'accounts.changed' (SSE) and every account mutation invalidate it. */
export const accountKeys = {
  all: ['accounts'] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
};
