// What several processes on one PostgreSQL need to agree on, checked before anything starts.

/** The settings these rules read (a subset of Config, kept apart so config.ts stays one schema). */
interface ClusterSettings {
  DATABASE_URL?: string;
  ENCRYPTION_KEY?: string;
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  ROLE: 'all' | 'web' | 'worker';
  SCHEDULER: boolean;
}

/** 64 hex characters, or base64 of 32 bytes: what core/crypto.ts reads. */
export function isEncryptionKey(value: string): boolean {
  if (/^[0-9a-f]{64}$/i.test(value)) return true;
  return /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32;
}

/**
 * Why a server process must not start, in one line naming the variable, or undefined. On
 * PostgreSQL every process must read the same tokens and verify the same signed media URLs, so a
 * key generated per process (the SQLite default) would make each one's secrets unreadable to the
 * others. Checked by server/main.ts only: `npm run db:migrate` and `db:copy` need no key.
 */
export function serverStartProblem(values: ClusterSettings): string | undefined {
  if (values.DATABASE_URL && !values.ENCRYPTION_KEY) {
    return 'ENCRYPTION_KEY must be set with DATABASE_URL, the same on every process (64 hex characters: openssl rand -hex 32; an install that ran before keeps its key in DATA_DIR/encryption.key)';
  }
  return undefined;
}

/** Settings that contradict each other, in one line naming the variables, or undefined. */
export function clusterConfigProblem(values: ClusterSettings): string | undefined {
  if (Boolean(values.VAPID_PUBLIC_KEY) !== Boolean(values.VAPID_PRIVATE_KEY)) {
    return 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (npx web-push generate-vapid-keys), or both left empty';
  }
  if (values.ROLE === 'worker' && !values.SCHEDULER) {
    return 'ROLE=worker runs the publishing engine and timed jobs: it cannot run with SCHEDULER=off';
  }
  return undefined;
}

/** The engine and the timed jobs (token refresh, analytics, queues, pruning) run in this process. */
export function runsBackgroundWork(config: ClusterSettings): boolean {
  return config.ROLE !== 'web' && config.SCHEDULER;
}

/** This process serves the API, the web app and live updates (a worker answers /api/health only). */
export function servesApp(config: Pick<ClusterSettings, 'ROLE'>): boolean {
  return config.ROLE !== 'worker';
}
