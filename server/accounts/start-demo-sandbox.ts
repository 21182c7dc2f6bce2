import fs from 'node:fs';
import path from 'node:path';
import { PLATFORM_IDS } from '../../shared/platforms/ids.js';
import { billingMode } from '../billing/billing-settings.js';
import type { Config } from '../config.js';
import type { Logger } from '../core/logger.js';
import { configuredCredentials } from '../platforms/platform-endpoints.js';

/** What the product keeps of the running sandbox (server/sandbox/sandbox-server.ts answers more). */
interface DemoSandbox {
  url: string;
  controlSecret: string;
  close(): Promise<void>;
}

/** Demo mode needs the built-in sandbox when no SANDBOX_URL is set and a platform has no credentials. */
function needsDemoSandbox(config: Config): boolean {
  if (config.SANDBOX_URL || !config.DEMO_MODE) return false;
  // BILLING=lemonsqueezy without credentials: the sandbox stands in for Lemon Squeezy too.
  if (billingMode(config) === 'sandbox') return true;
  return PLATFORM_IDS.some((platform) => !configuredCredentials(config, platform));
}

/**
 * Starts the sandbox on SANDBOX_PORT so a new user can try every platform without credentials.
 * A taken port throws: it is most likely another Postloom process's sandbox, whose accounts and
 * published posts this process would otherwise use without knowing (several processes share one
 * `npm run sandbox` through SANDBOX_URL instead). Any other failure is reported and the app keeps
 * running (those platforms then fail to connect).
 */
export async function startDemoSandbox(config: Config, logger: Logger): Promise<DemoSandbox | null> {
  if (!needsDemoSandbox(config)) return null;
  try {
    // The product's one way into the sandbox: loaded only when demo mode needs it (npm run lint
    // forbids any other import between the two).
    const { startSandbox } = await import('../sandbox/sandbox-server.js');
    const sandbox = await startSandbox({ port: config.SANDBOX_PORT, host: config.SANDBOX_HOST });
    // SANDBOX_PORT=0 (tests) takes a free port; platform URLs are built from the port it got.
    if (config.SANDBOX_PORT === 0) config.SANDBOX_PORT = Number(new URL(sandbox.url).port);
    writeSandboxHandle(config.dataDir, sandbox);
    const demo = PLATFORM_IDS.filter((platform) => !configuredCredentials(config, platform));
    logger.info('Demo mode: platform sandbox started', { url: sandbox.url, platforms: demo.join(',') });
    return sandbox;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new Error(sandboxPortTaken(config));
    logger.error('Demo mode: the platform sandbox could not start', {
      port: config.SANDBOX_PORT,
      reason: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}

function sandboxPortTaken(config: Config): string {
  return `demo mode's platform sandbox cannot listen on ${config.SANDBOX_HOST}:${config.SANDBOX_PORT}: the port is taken (another Postloom process's sandbox?). To run several processes, start one \`npm run sandbox\` and set SANDBOX_URL=http://127.0.0.1:${config.SANDBOX_PORT} on every process; otherwise choose a free SANDBOX_PORT.`;
}

/** Where the demo sandbox's address and control secret are kept for tests and tools (owner-only). */
export function sandboxHandleFile(dataDir: string): string {
  return path.join(dataDir, 'sandbox-control.json');
}

function writeSandboxHandle(dataDir: string, sandbox: DemoSandbox): void {
  const file = sandboxHandleFile(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, JSON.stringify({ url: sandbox.url, controlSecret: sandbox.controlSecret }), {
    mode: 0o600,
  });
}
