// The server in one file for the tests that start it as a process (tests/support/spawn-server.ts),
// built as `npm start` builds it (scripts/build-server.mjs) but kept apart from dist/.
//
// `npm test` builds it afresh at its start and hands its path to both runners in
// POSTLOOM_TEST_SERVER; without that variable the tests run the sources through tsx, so a test run
// outside `npm test` never starts a stale bundle.
//
//   node scripts/build-test-server.mjs     builds it and prints its path
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TEST_SERVER_DIR = path.join(root, 'node_modules', '.cache', 'postloom-test-server');
export const TEST_SERVER_FILE = path.join(TEST_SERVER_DIR, 'main.mjs');

export async function buildTestServer() {
  return buildServer(TEST_SERVER_DIR);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await buildTestServer());
