import { z } from 'zod';
import { PLATFORM_IDS, type PlatformId } from '../platforms/ids.js';
import { countOf } from '../text/plural.js';

/**
 * Bulk import (issue 28): up to 1,000 rows of a CSV (or JSON rows), each row one post for one or
 * more of the user's accounts, checked with the composer's own rules before anything is saved.
 */

export const IMPORT_MAX_ROWS = 1_000;
/** The CSV's own size cap (the request's body limit is a little larger). */
export const IMPORT_MAX_CSV_CHARS = 4_000_000;

/** The columns a file may have, in the template's order. */
export const IMPORT_COLUMNS = ['text', 'accounts', 'time', 'media_urls', 'link'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/**
 * keep: each row's own time (an empty time takes each account's next free posting time);
 * slots: each account's posting-schedule slots in row order ("Add to queue");
 * spread: evenly between two local times; queue: every row becomes an item of an automated queue.
 */
export const IMPORT_MODES = ['keep', 'slots', 'spread', 'queue'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const IMPORT_MESSAGES = {
  empty: 'The file has no rows. Add one post per row under the header line.',
  noHeader: 'The first line must name the columns: text, accounts, time, media_urls, link.',
  missingAccounts: 'The file needs an "accounts" column.',
  missingText: 'The file needs a "text" or a "media_urls" column.',
  unreadable: (row: number, reason: string) => `Row ${row} could not be read: ${reason}.`,
  tooManyRows: (count: number) =>
    `A file can hold at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} posts; this one has ${count.toLocaleString('en-US')}. Split it into several files.`,
  csvOrRows: 'Send either csv (the file as text) or rows, not both.',
  nothing: 'Send the file as csv or the posts as rows.',
  noAccounts: 'Please choose at least one account to post to.',
  unknownAccount: (name: string) => `Unknown account "${name}": connect it first or check the spelling.`,
  ambiguousAccount: (name: string) =>
    `"${name}" matches several of your accounts: use the handle (@name) instead.`,
  repeatedAccount: (name: string) => `The account "${name}" is listed twice in this row.`,
  invalidTime: 'Please enter a valid date and time.',
  invalidLink: 'Please enter a valid link starting with http:// or https://',
  invalidMediaUrl: (url: string) => `"${url}" is not a valid http:// or https:// address.`,
  tooManyMedia: 'A row can have at most 20 media addresses.',
  duplicateRow: (row: number) => `Row ${row} has the same post for this account.`,
  spreadRange: 'Choose a start and an end time for spreading, the end after the start.',
  queueRequired: 'Choose the queue to add the posts to.',
  refused: (rows: number) =>
    rows === 1
      ? '1 row has problems: nothing was imported. Fix or drop it and try again.'
      : `${countOf(rows, 'row')} have problems: nothing was imported. Fix or drop them and try again.`,
  imported: (posts: number) => `${countOf(posts, 'post')} imported.`,
  csvTooLarge: `The file can hold at most ${(IMPORT_MAX_CSV_CHARS / 1_000_000).toLocaleString('en-US')} million characters. Split it into several files.`,
  unsupportedType:
    'Send the import as JSON (Content-Type: application/json) or as the CSV file itself (Content-Type: text/csv).',
  notUtf8: 'Send the CSV as UTF-8 text (Content-Type: text/csv; charset=utf-8).',
  optionsInBody: (name: string) =>
    `With a JSON body, send ${name} in the body; only dryRun and progressId are read from the query.`,
  mode: 'mode must be keep, slots, spread or queue.',
  progressId: 'progressId must be 8 to 64 letters, digits, "-" or "_".',
} as const;

const Cell = z.string().max(100_000).nullish();

/** One row as a script (or the preview's edited table) sends it: the CSV's columns, as text. */
export const ImportRowInput = z.object({
  text: Cell,
  accounts: z.union([z.string().max(5_000), z.array(z.string().max(200)).max(50)]).nullish(),
  time: z.string().max(100).nullish(),
  media_urls: z.union([z.string().max(50_000), z.array(z.string().max(2_048)).max(20)]).nullish(),
  link: z.string().max(2_000).nullish(),
});
export type ImportRowInput = z.infer<typeof ImportRowInput>;

/** A local date and time in the user's zone ('2026-03-28T09:00'), or an ISO instant with an offset. */
const SpreadBound = z.string().trim().min(1).max(40);

const Mode = z.enum(IMPORT_MODES, { error: IMPORT_MESSAGES.mode });
const QueueId = z.string().trim().min(1).max(100);

/**
 * Chosen by the client so it can recognise its own import's `import.progress` events on the live
 * stream (GET /api/events); only the signed-in user's streams receive them.
 */
const ProgressId = z
  .string()
  .regex(/^[\w-]{8,64}$/, IMPORT_MESSAGES.progressId)
  .describe(
    "Any 8 to 64 letters, digits, '-' or '_': while the media are fetched and the rows saved, the user's live stream (GET /api/events) receives `import.progress` events carrying this id.",
  );

export const ImportPostsInput = z
  .object({
    csv: z.string().max(IMPORT_MAX_CSV_CHARS, IMPORT_MESSAGES.csvTooLarge).optional(),
    rows: z.array(ImportRowInput).optional(),
    mode: Mode.default('keep'),
    spreadFrom: SpreadBound.optional(),
    spreadTo: SpreadBound.optional(),
    queueId: QueueId.optional(),
    dryRun: z.boolean().default(false),
    progressId: ProgressId.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.csv !== undefined && input.rows !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['csv'], message: IMPORT_MESSAGES.csvOrRows });
    } else if (input.csv === undefined && input.rows === undefined) {
      ctx.addIssue({ code: 'custom', path: ['csv'], message: IMPORT_MESSAGES.nothing });
    }
    if (input.rows && input.rows.length > IMPORT_MAX_ROWS) {
      ctx.addIssue({
        code: 'custom',
        path: ['rows'],
        message: IMPORT_MESSAGES.tooManyRows(input.rows.length),
      });
    }
    if (input.mode === 'spread' && (!input.spreadFrom || !input.spreadTo)) {
      ctx.addIssue({ code: 'custom', path: ['spreadFrom'], message: IMPORT_MESSAGES.spreadRange });
    }
    if (input.mode === 'queue' && !input.queueId) {
      ctx.addIssue({ code: 'custom', path: ['queueId'], message: IMPORT_MESSAGES.queueRequired });
    }
  });
export type ImportPostsInput = z.infer<typeof ImportPostsInput>;
export type ImportPostsBody = z.input<typeof ImportPostsInput>;

/**
 * The query's options. With a `text/csv` body every option comes from here; with a JSON body only
 * dryRun and progressId do (the rest belong in the body).
 */
export const ImportQuery = z.object({
  dryRun: z
    .enum(['true', 'false', '1', '0'], { error: 'dryRun must be true or false.' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1'))
    .describe('true: check every row and answer the preview, saving nothing (same as dryRun in the body).'),
  progressId: ProgressId.optional(),
  mode: Mode.optional().describe('text/csv body only: keep (the default), slots, spread or queue.'),
  spreadFrom: SpreadBound.optional().describe('text/csv body only, mode=spread: the first local time.'),
  spreadTo: SpreadBound.optional().describe('text/csv body only, mode=spread: the last local time.'),
  queueId: QueueId.optional().describe('text/csv body only, mode=queue: the automated queue.'),
});
export type ImportQuery = z.infer<typeof ImportQuery>;

/** What an import is doing while the client waits: fetching its media, then saving its rows. */
export const IMPORT_PHASES = ['media', 'saving'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

/** The `import.progress` live event: `done` of `total` media files fetched, or `total` posts being saved. */
export interface ImportProgress {
  progressId: string;
  phase: ImportPhase;
  done: number;
  total: number;
}

/** A row's cells as text, the way the preview shows and edits them. */
export interface ImportCells {
  text: string;
  accounts: string;
  time: string;
  media_urls: string;
  link: string;
}

/** One account's post of a row, as it will go out. */
export interface ImportTarget {
  accountId: string;
  platform: PlatformId;
  label: string;
  content: string;
  /** ISO instant; null in queue mode (the queue's runs decide). */
  scheduledAt: string | null;
}

/** A problem of a row, in the cell it belongs to; accountId: for one account's version only. */
export interface ImportProblem {
  field: ImportColumn;
  accountId: string | null;
  message: string;
}

export interface ImportRowResult {
  /** 1-based row number in the file (the header line not counted). */
  row: number;
  cells: ImportCells;
  targets: ImportTarget[];
  problems: ImportProblem[];
}

export interface ImportResult {
  dryRun: boolean;
  rows: ImportRowResult[];
  counts: { rows: number; validRows: number; invalidRows: number; posts: number };
  /** After a save: what was written. */
  saved: { groups: number; posts: number; queueItems: number; media: number } | null;
  message: string | null;
}

const ProblemSchema = z.object({
  field: z.enum(IMPORT_COLUMNS),
  accountId: z.string().nullable(),
  message: z.string(),
});

export const ImportResultSchema = z.object({
  dryRun: z.boolean(),
  rows: z.array(
    z.object({
      row: z.number().int(),
      cells: z.object({
        text: z.string(),
        accounts: z.string(),
        time: z.string(),
        media_urls: z.string(),
        link: z.string(),
      }),
      targets: z.array(
        z.object({
          accountId: z.string(),
          platform: z.enum(PLATFORM_IDS),
          label: z.string(),
          content: z.string().describe('The text as it goes out on this platform (the link appended).'),
          scheduledAt: z.string().nullable(),
        }),
      ),
      problems: z.array(ProblemSchema).describe("Each problem in its cell, with the composer's message."),
    }),
  ),
  counts: z.object({
    rows: z.number().int(),
    validRows: z.number().int(),
    invalidRows: z.number().int(),
    posts: z.number().int(),
  }),
  saved: z
    .object({
      groups: z.number().int(),
      posts: z.number().int(),
      queueItems: z.number().int(),
      media: z.number().int(),
    })
    .nullable(),
  message: z.string().nullable(),
});

/** Splits a `;`-separated cell (accounts, media_urls) into its trimmed, non-empty parts. */
export function splitList(value: string | readonly string[] | null | undefined): string[] {
  const parts = Array.isArray(value) ? value : String(value ?? '').split(';');
  return parts.map((part) => part.trim()).filter((part) => part.length > 0);
}

/** The template the page offers for download. */
export const IMPORT_TEMPLATE_CSV = [
  IMPORT_COLUMNS.join(','),
  '"Our spring menu is here, with three new cakes.",@bakery_x;Bakery Page,2026-04-01 09:00,,https://example.com/spring',
  '"Photo of the day",@bakery_insta,2026-04-02T12:30:00+02:00,https://example.com/cake.jpg,',
  '"Weekend opening hours: 8 to 14",@bakery_x,,,',
].join('\r\n');
