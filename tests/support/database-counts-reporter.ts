import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** Where `npm test` reads the counts from. */
export const DATABASE_COUNTS_FILE = 'reports/vitest-databases.json';

export interface DatabaseCounts {
  passed: number;
  failed: number;
  skipped: number;
  /** Why tests were skipped (PostgreSQL unavailable...), once each. */
  skipReasons: string[];
}

/**
 * A vitest reporter that counts the tests of each database: `sqlite` for the unit and
 * integration projects, `postgres` for the postgres project (vitest.config.ts). A file that
 * failed without running a test counts as one failure.
 */
export default class DatabaseCountsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const counts: Record<'sqlite' | 'postgres', DatabaseCounts> = {
      sqlite: { passed: 0, failed: 0, skipped: 0, skipReasons: [] },
      postgres: { passed: 0, failed: 0, skipped: 0, skipReasons: [] },
    };
    for (const module of modules) {
      const count = counts[module.project.name === 'postgres' ? 'postgres' : 'sqlite'];
      let tests = 0;
      for (const test of module.children.allTests()) {
        tests += 1;
        const result = test.result();
        if (result.state === 'passed') count.passed += 1;
        else if (result.state === 'failed') count.failed += 1;
        else {
          count.skipped += 1;
          if (result.state === 'skipped' && result.note && !count.skipReasons.includes(result.note)) {
            count.skipReasons.push(result.note);
          }
        }
      }
      if (module.state() === 'failed' && (tests === 0 || module.errors().length > 0)) count.failed += 1;
    }
    fs.mkdirSync(path.dirname(DATABASE_COUNTS_FILE), { recursive: true });
    fs.writeFileSync(DATABASE_COUNTS_FILE, `${JSON.stringify(counts, null, 2)}\n`);
  }
}
