import { afterAll } from 'vitest';
import { releaseServerDatabases } from './spawn-server.js';
import { dropIdleDatabases } from './test-database-kind.js';

// Each test file of the postgres project: the databases of the servers it started and those
// its apps gave back go with it.
afterAll(async () => {
  await releaseServerDatabases();
  await dropIdleDatabases();
});
