import { startSandbox } from './sandbox-server.js';

/** `npm run sandbox`: the platform sandbox on its own (SANDBOX_PORT, default 3100). */
const port = Number(process.env.SANDBOX_PORT ?? 3100);
const autoApprove = ['1', 'true', 'yes', 'on'].includes(
  (process.env.SANDBOX_AUTO_APPROVE ?? '').toLowerCase(),
);
const sandbox = await startSandbox({
  port,
  host: process.env.SANDBOX_HOST,
  autoApprove,
  controlSecret: process.env.SANDBOX_CONTROL_SECRET || undefined,
});
console.log(`Platform sandbox listening on ${sandbox.url} (published posts: ${sandbox.url}/_sandbox)`);
if (!process.env.SANDBOX_CONTROL_SECRET) {
  // The secret is never printed: set SANDBOX_CONTROL_SECRET to drive the control API from outside.
  console.log('Control API: set SANDBOX_CONTROL_SECRET to use /_control (a random secret is in use).');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await sandbox.close();
    process.exit(0);
  });
}
