// Types of scripts/pg-cluster.mjs for the TypeScript tests and benchmarks that use it.

export interface PgCluster {
  /** The superuser's URL of the `postgres` database (trust authentication, no password). */
  url: string;
  port: number;
  /** The temporary directory holding the data directory, socket and log; removed on stop. */
  dir: string;
  dataDir: string;
  binDir: string;
  /** The system user the server runs as (`postgres` when started as root), or null. */
  user: string | null;
}

type Log = (message: string) => void;

export function findPgBinDir(options?: { install?: boolean; log?: Log }): string;
export function startPgCluster(options?: { log?: Log }): Promise<PgCluster>;
export function stopPgCluster(cluster?: PgCluster): Promise<void>;
/** Stops the server as an outage would (immediate shutdown), keeping its data for `resumePgCluster`. */
export function pausePgCluster(cluster: PgCluster): Promise<void>;
export function resumePgCluster(cluster: PgCluster): Promise<void>;
export function createDatabase(
  adminUrl: string,
  options?: { name?: string; template?: string },
): Promise<string>;
export function dropDatabase(url: string): Promise<void>;
export function databaseUrl(url: string, name: string): string;
export function uniqueName(prefix: string): string;
