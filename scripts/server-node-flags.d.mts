// Types of scripts/server-node-flags.mjs for the TypeScript code that uses it.

/** The Node flags the server runs with, wherever it is started. */
export const SERVER_NODE_FLAGS: string[];
