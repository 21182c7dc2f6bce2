import { isPlatformId } from '../../shared/platforms/ids.js';
import {
  IMPORT_MESSAGES,
  type ImportCells,
  type ImportProblem,
  type ImportRowInput,
  splitList,
} from '../../shared/posts/import.js';
import { parseImportTime } from '../../shared/posts/import-time.js';
import type { SocialAccountRow } from '../db/schema.js';

/** A row read from its cells: its accounts found among the user's, its time and addresses checked. */
export interface ImportRow {
  /** 1-based, the header line not counted. */
  row: number;
  cells: ImportCells;
  accounts: SocialAccountRow[];
  text: string;
  mediaUrls: string[];
  link: string | null;
  /** The row's own time (UTC ms); null when empty or unreadable. */
  time: number | null;
  problems: ImportProblem[];
}

const MAX_MEDIA_PER_ROW = 20;

function cellsOf(input: ImportRowInput): ImportCells {
  const join = (value: string | readonly string[] | null | undefined) =>
    Array.isArray(value) ? value.join(';') : String(value ?? '');
  return {
    text: input.text ?? '',
    accounts: join(input.accounts),
    time: input.time ?? '',
    media_urls: join(input.media_urls),
    link: input.link ?? '',
  };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * Finds accounts by what a planner writes: the handle (with or without @), the account's name
 * or its id, without case. Only the user's own accounts are looked in: another user's account
 * reads as unknown, exactly like one that does not exist.
 */
export function accountFinder(accounts: readonly SocialAccountRow[]) {
  const byKey = new Map<string, SocialAccountRow[]>();
  const add = (key: string | null | undefined, account: SocialAccountRow) => {
    const normal = key?.trim().replace(/^@/, '').toLowerCase();
    if (!normal) return;
    const list = byKey.get(normal) ?? [];
    if (!list.includes(account)) list.push(account);
    byKey.set(normal, list);
  };
  for (const account of accounts) {
    if (!isPlatformId(account.platform)) continue;
    add(account.id, account);
    add(account.accountHandle, account);
    add(account.accountName, account);
  }
  return (name: string) => byKey.get(name.replace(/^@/, '').toLowerCase()) ?? [];
}

/** Every row's cells read: accounts, addresses, link and time, with the problems of each cell. */
export function readImportRows(
  inputs: readonly ImportRowInput[],
  accounts: readonly SocialAccountRow[],
  timeZone: string,
): ImportRow[] {
  const find = accountFinder(accounts);
  return inputs.map((input, index) => {
    const cells = cellsOf(input);
    const problems: ImportProblem[] = [];
    const problem = (field: ImportProblem['field'], message: string) =>
      problems.push({ field, accountId: null, message });

    const rowAccounts: SocialAccountRow[] = [];
    const names = splitList(input.accounts);
    if (names.length === 0) problem('accounts', IMPORT_MESSAGES.noAccounts);
    for (const name of names) {
      const found = find(name);
      if (found.length === 0) problem('accounts', IMPORT_MESSAGES.unknownAccount(name));
      else if (found.length > 1) problem('accounts', IMPORT_MESSAGES.ambiguousAccount(name));
      else if (rowAccounts.includes(found[0]!)) problem('accounts', IMPORT_MESSAGES.repeatedAccount(name));
      else rowAccounts.push(found[0]!);
    }

    const mediaUrls = splitList(input.media_urls);
    for (const url of mediaUrls) {
      if (!isHttpUrl(url)) problem('media_urls', IMPORT_MESSAGES.invalidMediaUrl(url));
    }
    if (mediaUrls.length > MAX_MEDIA_PER_ROW) problem('media_urls', IMPORT_MESSAGES.tooManyMedia);

    const link = cells.link.trim() || null;
    if (link && !isHttpUrl(link)) problem('link', IMPORT_MESSAGES.invalidLink);

    const time = parseImportTime(cells.time, timeZone);
    if (time !== null && Number.isNaN(time)) problem('time', IMPORT_MESSAGES.invalidTime);

    return {
      row: index + 1,
      cells,
      accounts: rowAccounts,
      text: cells.text,
      mediaUrls: [...new Set(mediaUrls)],
      link,
      time: time === null || Number.isNaN(time) ? null : time,
      problems,
    };
  });
}
