import { afterAll } from 'vitest';
import { dropServerDatabases } from './spawn-server.js';

// Each test file of the postgres project: the databases of the servers it started go with it.
afterAll(async () => {
  await dropServerDatabases();
});
