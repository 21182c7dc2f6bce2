import { accountLabel } from '../../shared/accounts/account-label.js';
import { type MediaInfo, mediaKindOf } from '../../shared/media/media-rules.js';
import type { PlatformId } from '../../shared/platforms/ids.js';
import { refusesDuplicateText } from '../../shared/platforms/posting-rules.js';
import { POST_MESSAGES } from '../../shared/posts/api.js';
import { IMPORT_MESSAGES, type ImportColumn, type ImportTarget } from '../../shared/posts/import.js';
import { type GroupAccount, validateVersions, versionFor } from '../../shared/posts/post-group-rules.js';
import { isInFuture } from '../../shared/posts/post-timing.js';
import { formatDateTime } from '../../shared/time/format.js';
import type { Db } from '../db/database.js';
import { findIdenticalPosts } from '../posts/find-identical-post.js';
import type { ImportRow } from './import-rows.js';

export interface ImportCheckContext {
  userId: string;
  now: number;
  timezone: string;
  timeFormat: '12h' | '24h';
  /** Queue items are checked by each run (the 24-hour rule at that time), not here. */
  isQueue: boolean;
  /** What is known of a media address: its type guessed from its name before download, the file after. */
  mediaInfo: (url: string) => MediaInfo | undefined;
}

/** The composer's field names as the import's columns. */
function columnOf(field: string): ImportColumn {
  if (field === 'media' || /^tweets\.\d+\.media$/.test(field)) return 'media_urls';
  if (field === 'metadata.articleUrl') return 'link';
  return 'text';
}

/**
 * Checks every row's post for each of its accounts with the composer's own rules and messages
 * (shared/posts: lengths per platform, media types and sizes, Instagram and TikTok needing media,
 * X's 24-hour rule against posts already scheduled), then the import's own: a time in the past
 * and the same post twice for one account. Adds the problems to the rows; answers each row's targets.
 */
export async function checkImportRows(
  db: Db,
  rows: readonly ImportRow[],
  times: readonly (number | null)[][],
  context: ImportCheckContext,
): Promise<ImportTarget[][]> {
  const firstRowOf = new Map<string, number>();
  const targets: ImportTarget[][] = [];
  const identical = await identicalTimes(db, rows, times, context);
  for (const [index, row] of rows.entries()) {
    const shared = { content: row.text, media: row.mediaUrls, link: row.link };
    const accounts: GroupAccount[] = row.accounts.map((account) => ({
      id: account.id,
      platform: account.platform as PlatformId,
    }));
    const versions = accounts.map((account) => versionFor(shared, undefined, account.platform));
    const identicalAt = identical[index] ?? {};
    const problems = validateVersions({
      shared,
      versions: [],
      accounts,
      action: 'schedule',
      mediaInfo: context.mediaInfo,
      identicalAt,
    });
    for (const problem of problems) {
      row.problems.push({
        field: columnOf(problem.field),
        accountId: problem.accountId,
        message: problem.message,
      });
    }
    const hasTimeProblem = row.problems.some((problem) => problem.field === 'time');
    accounts.forEach((account, position) => {
      const at = times[index]![position];
      if (at != null && !hasTimeProblem && !isInFuture(at, context.now)) {
        row.problems.push({ field: 'time', accountId: account.id, message: POST_MESSAGES.scheduleInPast });
      }
      const version = versions[position]!;
      const key = [account.id, version.content.trim(), ...version.media].join('\u0000');
      const first = firstRowOf.get(key);
      if (first === undefined) firstRowOf.set(key, row.row);
      else
        row.problems.push({
          field: 'text',
          accountId: account.id,
          message: IMPORT_MESSAGES.duplicateRow(first),
        });
    });
    targets.push(
      row.accounts.map((account, position) => ({
        accountId: account.id,
        platform: account.platform as PlatformId,
        label: accountLabel({ ...account, platform: account.platform as PlatformId }),
        content: versions[position]!.content,
        scheduledAt:
          times[index]![position] == null ? null : new Date(times[index]![position]!).toISOString(),
      })),
    );
  }
  return targets;
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  m4v: 'video/mp4',
  mpeg: 'video/mpeg',
  avi: 'video/x-msvideo',
  '3gp': 'video/3gpp',
  pdf: 'application/pdf',
};

/**
 * Before download, a media address is judged by its name's extension (the file's own bytes and
 * size are checked again once fetched); an address without a known extension counts as an image.
 */
export function guessMediaInfo(url: string): MediaInfo {
  let name = url;
  try {
    name = new URL(url).pathname.split('/').pop() ?? url;
  } catch {
    // judged by the raw text
  }
  const extension = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  const mimeType = TYPES_BY_EXTENSION[extension] ?? 'image/jpeg';
  return { name, mimeType, sizeBytes: 0, kind: mediaKindOf(mimeType) };
}

/**
 * X's 24-hour rule against the posts already planned or sent (posts/find-identical-post.ts), one
 * query per account: for each row, the other post's time per account, as the user reads times.
 */
async function identicalTimes(
  db: Db,
  rows: readonly ImportRow[],
  times: readonly (number | null)[][],
  context: ImportCheckContext,
): Promise<Record<string, string | null>[]> {
  const result: Record<string, string | null>[] = rows.map(() => ({}));
  if (context.isQueue) return result;
  const checks = new Map<string, { row: number; content: string; at: number }[]>();
  rows.forEach((row, index) => {
    const shared = { content: row.text, media: row.mediaUrls, link: row.link };
    row.accounts.forEach((account, position) => {
      const at = times[index]![position];
      const version = versionFor(shared, undefined, account.platform as PlatformId);
      if (at == null || !version.content.trim()) return;
      if (!refusesDuplicateText(account.platform, version.media.length > 0)) return;
      checks.set(account.id, [
        ...(checks.get(account.id) ?? []),
        { row: index, content: version.content, at },
      ]);
    });
  });
  for (const [accountId, list] of checks) {
    const found = await findIdenticalPosts(db, context.userId, accountId, list);
    list.forEach((check, position) => {
      const at = found[position];
      result[check.row]![accountId] = at ? formatDateTime(at, context.timezone, context.timeFormat) : null;
    });
  }
  return result;
}
