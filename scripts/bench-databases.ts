import { copyDatabase } from '../server/db/copy-database.js';
import { databaseFile } from '../server/db/database.js';
import { percentile } from './bench-requests.js';

/**
 * The databases a request benchmark measures in one run: the SQLite file it filled, and with
 * DATABASE_URL (an empty PostgreSQL database) the same data copied there with db:copy's code, so
 * both answer the same requests side by side.
 */
export interface BenchDatabase {
  name: 'SQLite' | 'PostgreSQL';
  /** What startServer needs on top of DATA_DIR (an empty DATABASE_URL: the SQLite file). */
  env: Record<string, string>;
}

export async function benchDatabases(dataDir: string): Promise<BenchDatabase[]> {
  const sqlite: BenchDatabase = { name: 'SQLite', env: { DATABASE_URL: '' } };
  const url = process.env.DATABASE_URL;
  if (!url) return [sqlite];
  const started = performance.now();
  await copyDatabase({ from: { file: databaseFile(dataDir) }, to: { url }, batchRows: 5000 });
  console.log(
    `Copied to PostgreSQL (npm run db:copy) in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  return [sqlite, { name: 'PostgreSQL', env: { DATABASE_URL: url } }];
}

/** A markdown table of p50/p95 per request, one pair of columns per database. */
export function timingTable(names: string[], rows: Array<[string, number[][]]>): string {
  const head = `| request | ${names.map((name) => `${name} p50 | ${name} p95`).join(' | ')} |`;
  const rule = `| --- | ${names.map(() => '--- | ---').join(' | ')} |`;
  const lines = rows.map(
    ([label, perDatabase]) =>
      `| ${label} | ${perDatabase
        .map(
          (samples) => `${percentile(samples, 50).toFixed(1)} ms | ${percentile(samples, 95).toFixed(1)} ms`,
        )
        .join(' | ')} |`,
  );
  return [head, rule, ...lines].join('\n');
}
