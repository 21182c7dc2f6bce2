import { parseArgs } from 'node:util';
import { CopyRefused, copyDatabase, type DatabaseLocation, type TableCount } from './copy-database.js';
import { describeDatabaseError } from './database-errors.js';
import { databaseAddress, isParseablePostgresUrl, isPostgresUrl } from './database-url.js';

// `npm run db:copy -- --from <sqlite file | postgres url> --to <postgres url | sqlite file> [--force]`:
// copies a stopped install's data into an empty database, prints each table's rows on both sides
// and exits with 1 when any differ. A bad argument or database ends in one line and exit code 1.

const USAGE =
  'usage: npm run db:copy -- --from <SQLite file or postgres:// URL> --to <postgres:// URL or SQLite file> [--force]';

function fail(message: string): never {
  console.error(`Cannot copy: ${message}`);
  process.exit(1);
}

function location(value: string | undefined, flag: string): DatabaseLocation {
  if (!value) fail(`${flag} is missing (${USAGE})`);
  if (isPostgresUrl(value)) {
    if (!isParseablePostgresUrl(value))
      fail(`${flag} is not a valid PostgreSQL URL (percent-encode special characters in the password)`);
    return { url: value };
  }
  return { file: value };
}

/** How a location is shown: never a password. */
function shown(where: DatabaseLocation): string {
  if ('file' in where) return where.file;
  const name = decodeURIComponent(new URL(where.url).pathname.slice(1)) || 'postgres';
  return `PostgreSQL ${databaseAddress(where.url)}/${name}`;
}

let args: { from?: string; to?: string; force?: boolean };
try {
  args = parseArgs({
    options: { from: { type: 'string' }, to: { type: 'string' }, force: { type: 'boolean' } },
  }).values;
} catch (error) {
  fail(`${(error as Error).message} (${USAGE})`);
}
const from = location(args.from, '--from');
const to = location(args.to, '--to');
console.log(`Copying ${shown(from)} to ${shown(to)}`);

const bar = createProgress();
let counts: TableCount[];
try {
  counts = await copyDatabase({
    from,
    to,
    force: args.force === true,
    onTable: bar.start,
    onProgress: bar.update,
  });
} catch (error) {
  bar.stop();
  if (error instanceof CopyRefused) fail(error.message);
  // Which side failed is in the message's address (host:port), never the password.
  const url = 'url' in to ? to.url : 'url' in from ? from.url : undefined;
  fail(describeDatabaseError(error, url));
}
bar.stop();

const width = Math.max(5, ...counts.map((count) => count.table.length));
console.log(`\n${'table'.padEnd(width)}  ${'from'.padStart(9)}  ${'to'.padStart(9)}`);
for (const count of counts) {
  const mark = count.from === count.to ? '' : '  differs';
  console.log(
    `${count.table.padEnd(width)}  ${String(count.from).padStart(9)}  ${String(count.to).padStart(9)}${mark}`,
  );
}
const differing = counts.filter((count) => count.from !== count.to);
const rows = counts.reduce((sum, count) => sum + count.from, 0);
if (differing.length > 0) {
  console.error(
    `\n${differing.length} of ${counts.length} tables differ: ${differing.map((count) => count.table).join(', ')}`,
  );
  process.exit(1);
}
console.log(`\nAll ${counts.length} tables match: ${rows} rows copied.`);
console.log(
  'Platform tokens were copied still encrypted: start Postloom on the copy with the same ENCRYPTION_KEY, or the same DATA_DIR (which also holds its key and the uploaded media).',
);

/** One line per table: a bar redrawn in place on a terminal, the finished line otherwise. */
function createProgress() {
  const tty = process.stderr.isTTY === true;
  let current: { table: string; total: number } | null = null;
  const draw = (copied: number) => {
    if (!current) return;
    const share = current.total === 0 ? 1 : copied / current.total;
    const filled = Math.round(share * 30);
    return `${current.table.padEnd(24)} [${'#'.repeat(filled)}${'.'.repeat(30 - filled)}] ${copied}/${current.total}`;
  };
  const finish = () => {
    if (!current) return;
    const line = draw(current.total);
    process.stderr.write(tty ? `\r${line}\n` : `${line}\n`);
    current = null;
  };
  return {
    start(table: string, total: number) {
      finish();
      current = { table, total };
      if (tty) process.stderr.write(`\r${draw(0)}`);
    },
    update(_table: string, copied: number) {
      if (tty) process.stderr.write(`\r${draw(copied)}`);
    },
    stop: finish,
  };
}
