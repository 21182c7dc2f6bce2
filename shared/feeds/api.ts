import { z } from 'zod';

/** Limits of the feeds feature (issue 28). */
export const FEED_LIMITS = {
  urlMax: 2000,
  templateMax: 2000,
  feedsPerUser: 50,
  accountsPerFeed: 20,
  /** The first check takes only this many of the newest items, not the whole archive. */
  firstCheckItems: 3,
  /** Later checks take at most this many new items (a feed that renames every item floods nothing). */
  itemsPerCheck: 10,
  /** Failed checks in a row that pause a feed (and notify its owner once). */
  failuresBeforePause: 5,
  checkEveryMinutes: 30,
  /** A feed document larger than this is refused while it downloads. */
  maxBytes: 2 * 1024 * 1024,
  /** The whole request (every redirect, headers and body). */
  timeoutMs: 15_000,
} as const;

export const DEFAULT_FEED_TEMPLATE = '{title} {url}';

/** Placeholders a template may use; each is replaced by the item's value (empty when it has none). */
export const FEED_TEMPLATE_FIELDS = ['title', 'url', 'summary', 'author'] as const;
export type FeedTemplateField = (typeof FEED_TEMPLATE_FIELDS)[number];

export const FEED_TARGETS = ['queue', 'drafts'] as const;
export type FeedTarget = (typeof FEED_TARGETS)[number];

export const FEED_MESSAGES = {
  feedNotFound: 'Feed not found',
  queueNotFound: 'Queue not found',
  accountNotFound: 'Account not found',
  urlRequired: 'Please enter the address of an RSS, Atom or JSON feed.',
  urlInvalid: 'Please enter a valid http or https address.',
  templateRequired: 'Please enter a template, for example {title} {url}.',
  templateTooLong: `The template can be at most ${FEED_LIMITS.templateMax} characters.`,
  accountsRequired: 'Choose at least one account.',
  tooManyAccounts: `A feed can post to at most ${FEED_LIMITS.accountsPerFeed} accounts.`,
  queueRequired: 'Choose the queue the feed fills.',
  tooManyFeeds: `You can have at most ${FEED_LIMITS.feedsPerUser} feeds. Delete one to add another.`,
  duplicateFeed: 'This feed already fills this queue.',
  duplicateDraftsFeed: 'This feed already makes drafts.',
  notAFeed: 'This address does not serve an RSS, Atom or JSON feed.',
  tooLarge: `The feed is larger than ${FEED_LIMITS.maxBytes / 1024 / 1024} MB.`,
  timeout: 'The feed took too long to answer.',
  unreachable: 'The feed could not be downloaded from this address.',
  status: (status: number) => `The feed could not be downloaded (HTTP ${status}).`,
  pausedAfterFailures: (reason: string) =>
    `Paused after ${FEED_LIMITS.failuresBeforePause} failed checks in a row: ${reason}`,
  pausedTitle: 'A feed was paused',
  feedAdded: 'Feed added',
  feedUpdated: 'Feed updated',
  feedDeleted: 'Feed deleted',
  feedPaused: 'Feed paused',
  feedResumed: 'Feed resumed',
  nothingToUpdate: 'Nothing to update.',
  checkInProgress: 'This feed is being checked right now. Please try again in a moment.',
} as const;

const Id = z.string().trim().min(1).max(100);

const FeedUrl = z
  .string({ error: FEED_MESSAGES.urlRequired })
  .trim()
  .min(1, FEED_MESSAGES.urlRequired)
  .max(FEED_LIMITS.urlMax, FEED_MESSAGES.urlInvalid)
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), FEED_MESSAGES.urlInvalid);

const Template = z
  .string({ error: FEED_MESSAGES.templateRequired })
  .trim()
  .min(1, FEED_MESSAGES.templateRequired)
  .max(FEED_LIMITS.templateMax, FEED_MESSAGES.templateTooLong);

const AccountIds = z
  .array(Id, { error: FEED_MESSAGES.accountsRequired })
  .min(1, FEED_MESSAGES.accountsRequired)
  .max(FEED_LIMITS.accountsPerFeed, FEED_MESSAGES.tooManyAccounts)
  .transform((ids) => [...new Set(ids)]);

/** `POST /api/feeds`: a feed for a queue (its accounts) or for drafts of the chosen accounts. */
export const CreateFeedInput = z
  .object({
    url: FeedUrl,
    target: z.enum(FEED_TARGETS, { error: FEED_MESSAGES.queueRequired }),
    queueId: Id.nullish().transform((value) => value ?? null),
    accountIds: AccountIds,
    template: Template.default(DEFAULT_FEED_TEMPLATE),
    takeImage: z.boolean().default(false),
  })
  .superRefine((input, ctx) => {
    if (input.target === 'queue' && !input.queueId)
      ctx.addIssue({ code: 'custom', path: ['queueId'], message: FEED_MESSAGES.queueRequired });
  });
export type CreateFeedInput = z.infer<typeof CreateFeedInput>;
export type CreateFeedBody = z.input<typeof CreateFeedInput>;

/**
 * `PATCH /api/feeds/{id}`: any of the add form's fields, with its messages. A new address is read
 * once like a new feed's; target and queueId move the feed (queueId alone moves it to that queue).
 */
export const UpdateFeedInput = z
  .object({
    url: FeedUrl.optional(),
    target: z.enum(FEED_TARGETS, { error: FEED_MESSAGES.queueRequired }).optional(),
    queueId: Id.nullish(),
    accountIds: AccountIds.optional(),
    template: Template.optional(),
    takeImage: z.boolean().optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    error: FEED_MESSAGES.nothingToUpdate,
  });
export type UpdateFeedInput = z.infer<typeof UpdateFeedInput>;

/** active: checked every 30 minutes; paused: by the user, or by Postloom after failed checks. */
export const FEED_STATUSES = ['active', 'paused'] as const;
export type FeedStatus = (typeof FEED_STATUSES)[number];

/** A feed as the API answers it (the same schema describes it in the OpenAPI document). */
export const FeedSchema = z.object({
  id: z.string(),
  url: z.string(),
  /** The feed's own title, read when it was added. */
  title: z.string(),
  target: z.enum(FEED_TARGETS),
  queueId: z.string().nullable(),
  accountIds: z.array(z.string()),
  template: z.string(),
  takeImage: z.boolean(),
  status: z.enum(FEED_STATUSES),
  /** Why Postloom paused it; null when the user did (or it is active). */
  pausedReason: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  lastCheckedAt: z.string().nullable(),
  /** Why the last check failed; null when it worked. */
  lastError: z.string().nullable(),
  /** Why the latest item could not be added for an account (the composer's message). */
  lastItemProblem: z.string().nullable(),
  itemsTaken: z.number().int(),
  createdAt: z.string(),
});
export type FeedDto = z.infer<typeof FeedSchema>;

export const FeedListSchema = z.object({
  feeds: z.array(FeedSchema),
  /** The built-in sandbox's example feed (demo mode), to try the feature offline; else null. */
  exampleFeedUrl: z.string().nullable(),
});
export type FeedListDto = z.infer<typeof FeedListSchema>;

export const FeedCheckSchema = z.object({
  feed: FeedSchema,
  /** Feed items taken by this check (each may be several queue items or drafts, one per account). */
  taken: z.number().int(),
});
export type FeedCheckDto = z.infer<typeof FeedCheckSchema>;

/** A feed with the message the page shows after a change. */
export const FeedChangeSchema = z.object({ feed: FeedSchema, message: z.string() });

/** The values an item gives a template. */
export type FeedTemplateValues = Record<FeedTemplateField, string>;

/** Fills `{title}`, `{url}`, `{summary}`, `{author}`; unknown braces stay as written. */
export function renderFeedTemplate(template: string, values: FeedTemplateValues): string {
  const text = template.replace(/\{(title|url|summary|author)\}/g, (_match, field: FeedTemplateField) =>
    values[field].trim(),
  );
  // A missing value leaves no doubled spaces or blank lines behind.
  return text
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
