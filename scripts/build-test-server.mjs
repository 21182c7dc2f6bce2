// The server in one file for the tests that start it as a process (tests/support/spawn-server.ts):
// `node --import tsx server/main.ts` spends most of its start (4 s of CPU on this machine) in
// tsx's module hooks resolving and loading a few hundred source files one by one; this bundle
// starts in under half that. Dependencies stay in node_modules, loaded by Node as usual.
//
// `npm test` builds it afresh at its start and hands its path to both runners in
// POSTLOOM_TEST_SERVER; without that variable the tests run the sources through tsx, so a test run
// outside `npm test` never starts a stale bundle. `npm start` and the install test still use tsx.
//
//   node scripts/build-test-server.mjs     builds it and prints its path
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TEST_SERVER_DIR = path.join(root, 'node_modules', '.cache', 'postloom-test-server');
export const TEST_SERVER_FILE = path.join(TEST_SERVER_DIR, 'main.mjs');

export async function buildTestServer() {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      ssr: 'server/main.ts',
      outDir: TEST_SERVER_DIR,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      sourcemap: false,
      rolldownOptions: { output: { format: 'esm', entryFileNames: 'main.mjs' } },
    },
  });
  return TEST_SERVER_FILE;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await buildTestServer());
