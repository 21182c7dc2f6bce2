import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Files run three to a two-core machine at once (many wait on timers and servers rather than the
// CPU), and each worker keeps the modules it has loaded for its next file (`isolate: false`):
// loading the server's module graph once per worker instead of once per file halves the suite's
// CPU time. So a test file must leave nothing behind: it makes its own app, data directory, ports
// and databases, closes what it opened, restores real timers and unstubs what it stubbed.
const workers = Math.max(2, Math.round(os.availableParallelism() * 1.5));

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    isolate: false,
    maxWorkers: workers,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'server/**/*.test.ts',
            'shared/**/*.test.ts',
            'extension/**/*.test.ts',
            'webapp/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: { name: 'integration', include: ['tests/integration/**/*.test.ts'] },
      },
    ],
  },
});
