// `npm run dev`: the server with reload (tsx watch) and Vite's dev server with hot reload.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

// `.env` through Node's own loader; the environment wins over the file.
if (fs.existsSync('.env')) process.loadEnvFile('.env');

const env = { ...process.env, APP_URL: process.env.APP_URL ?? 'http://localhost:5173' };
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
