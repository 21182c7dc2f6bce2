import { startPgCluster, stopPgCluster } from '../../scripts/pg-cluster.mjs';
import { TEST_PG_URL_VARIABLE } from './postgres.js';

/**
 * vitest's postgres project: one private PostgreSQL for the run's test files (each app gets its
 * own database on it), unless POSTLOOM_TEST_PG_URL names a server already (npm test starts one).
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env[TEST_PG_URL_VARIABLE]) return undefined;
  const cluster = await startPgCluster();
  // Read by the workers, which start after this with this process's environment.
  process.env[TEST_PG_URL_VARIABLE] = cluster.url;
  return async () => {
    delete process.env[TEST_PG_URL_VARIABLE];
    await stopPgCluster(cluster);
  };
}
