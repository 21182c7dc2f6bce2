// `npm start`: build the web app if missing and the server, then run it (it migrates at start).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

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

// Run node directly (not through npx) so signals reach the server itself. V8's default young
// generation: a larger one (--max-semi-space-size=64) added up to 96 MB to a burst's peak and kept
// it afterwards, for no measurable gain in the burst's lateness.
const child = spawn(process.execPath, [serverFile], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
