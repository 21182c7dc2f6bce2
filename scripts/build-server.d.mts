// Types of scripts/build-server.mjs for the TypeScript benchmarks that use it.

/** The directory `npm start` builds the server into (dist/server). */
export const SERVER_DIR: string;
/** Builds server/main.ts into `outDir`/main.mjs and answers that path. */
export function buildServer(outDir?: string): Promise<string>;
