import { startSandbox } from './sandbox-server.js';

/** `npm run sandbox`: the platform sandbox on its own (SANDBOX_PORT, default 3100). */
const port = Number(process.env.SANDBOX_PORT ?? 3100);
const autoApprove = ['1', 'true', 'yes', 'on'].includes(
  (process.env.SANDBOX_AUTO_APPROVE ?? '').toLowerCase(),
);
const sandbox = await startSandbox({ port, host: process.env.SANDBOX_HOST, autoApprove });
console.log(`Platform sandbox listening on ${sandbox.url} (published posts: ${sandbox.url}/_sandbox)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await sandbox.close();
    process.exit(0);
  });
}
