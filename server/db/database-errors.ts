import { databaseAddress, databaseUser } from './database-url.js';

const UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  ENOENT: 'no server socket at that path',
};

const CERTIFICATE_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** PostgreSQL SQLSTATEs of a bad user name or password. */
const CREDENTIALS_STATES = new Set(['28P01', '28000']);

/**
 * One line for an operator that says what is wrong with the database configuration: which
 * address could not be reached and why, rejected credentials, a database migrated by a newer
 * Postloom. `url` is DATABASE_URL (undefined for the SQLite file); its password never appears.
 */
export function describeDatabaseError(error: unknown, url?: string): string {
  const message = oneLine(messageOf(error));
  const migration = /previously executed migration (.+) is missing/.exec(message);
  if (migration) return `the database was migrated by a newer Postloom: unknown migration ${migration[1]}`;
  if (message.startsWith('corrupted migrations:')) {
    return `the database's migrations do not match this Postloom: ${message.slice('corrupted migrations:'.length).trim()}`;
  }
  if (url === undefined) return `database error: ${message}`;

  const at = databaseAddress(url);
  const code = codeOf(error);
  if (code && UNREACHABLE[code]) return `cannot reach the database at ${at}: ${UNREACHABLE[code]}`;
  if (/timeout expired|connection timeout/i.test(message))
    return `cannot reach the database at ${at}: timed out`;
  if (/Connection terminated unexpectedly/i.test(message)) {
    return `cannot reach the database at ${at}: the server closed the connection`;
  }
  if (/does not support SSL/i.test(message)) {
    return `cannot connect to the database at ${at}: the server does not accept SSL connections (remove sslmode from DATABASE_URL or enable SSL on the server)`;
  }
  if (code && CERTIFICATE_CODES.has(code)) {
    return `cannot connect to the database at ${at}: its TLS certificate was not accepted (${message}); sslmode=require encrypts without checking it, sslrootcert=<file> names the CA to trust`;
  }

  const user = databaseUser(url);
  const who = user ? ` for user "${user}"` : '';
  const isCredentials = code !== undefined && CREDENTIALS_STATES.has(code) && !/pg_hba\.conf/.test(message);
  if (isCredentials || /client password must be|password authentication failed/i.test(message)) {
    return `the database at ${at} rejected the credentials${who}: check the user name and password in DATABASE_URL (${message})`;
  }
  if (code === '28000') {
    const hint = /SSL off/.test(message) ? ' (add ?sslmode=require to DATABASE_URL)' : '';
    return `the database at ${at} refused the connection${who}: ${message}${hint}`;
  }
  if (code === '3D000')
    return `cannot use the database at ${at}: ${message}: create it or fix the name in DATABASE_URL`;
  if (code === '53300') {
    return `the database at ${at} has no free connections: lower DATABASE_POOL_SIZE or raise the server's max_connections`;
  }
  if (code === '57P03')
    return `cannot reach the database at ${at}: the server is starting up or shutting down`;
  if (code === '42501') {
    return `the database user${who} at ${at} lacks a permission Postloom needs (${message}): let it create tables in the database's public schema`;
  }
  return `database error at ${at}: ${message}`;
}

function messageOf(error: unknown): string {
  if (error instanceof AggregateError && !error.message && error.errors[0]) return messageOf(error.errors[0]);
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  // Node connects to every address of a name at once and reports all failures together.
  if (error instanceof AggregateError) return codeOf(error.errors[0]);
  return undefined;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
