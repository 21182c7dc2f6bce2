// The server in one file, with its dependencies left in node_modules (loaded by Node as usual):
// what `npm start` runs (scripts/start.mjs builds it at every start, in about 2 s, so it is never
// stale). Running the sources through tsx instead costs 4 s of CPU at every start (its module
// hooks resolve and load a few hundred files one by one) and about 60 MB of memory for as long
// as the server runs (the hooks' own thread and the source maps it keeps).
//
//   node scripts/build-server.mjs     builds dist/server/main.mjs and prints its path
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIR = path.join(root, 'dist', 'server');

/** Builds server/main.ts into `outDir`/main.mjs and answers that path. */
export async function buildServer(outDir = SERVER_DIR) {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      ssr: 'server/main.ts',
      outDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      sourcemap: false,
      rolldownOptions: { output: { format: 'esm', entryFileNames: 'main.mjs' } },
    },
  });
  return path.join(outDir, 'main.mjs');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await buildServer());
