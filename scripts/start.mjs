// `npm start`: build the web app if missing and the server, then run it (it migrates at start).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

// `.env` (or POSTLOOM_ENV_FILE) through Node's own loader: variables already set in the
// environment win over the file, and the server started below inherits them.
const envFile = process.env.POSTLOOM_ENV_FILE ?? '.env';
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

if (!fs.existsSync('dist/webapp/index.html')) {
  console.log('Building the web app (first start)…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server as one file, built afresh (about 2 s; see scripts/build-server.mjs), in a process of
// its own so this launcher stays small while the server runs.
const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (built.status !== 0) process.exit(built.status ?? 1);
const serverFile = built.stdout.toString().trim().split('\n').at(-1);

// Run node directly (not through npx) so signals reach the server itself, with the server's flags.
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverFile], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
