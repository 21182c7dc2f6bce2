// `npm start`: build what is missing, then run the server (which migrates at start).
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

// Run node directly (not through npx) so signals reach the server itself.
// A larger young generation: fewer pauses when many posts fall due in the same second.
const child = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
