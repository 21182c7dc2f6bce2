/** True for the URLs that select PostgreSQL (postgres:// and postgresql://). */
export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//i.test(url);
}

/** A PostgreSQL URL that parses; special characters in the password must be percent-encoded. */
export function isParseablePostgresUrl(url: string): boolean {
  if (!isPostgresUrl(url)) return false;
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

/** `host:port` of a database URL, for messages: never the user name or password. */
export function databaseAddress(url: string): string {
  try {
    const parsed = new URL(url);
    // postgres:///db?host=/run/postgresql names a Unix socket directory.
    const host = decodeURIComponent(parsed.hostname) || parsed.searchParams.get('host') || 'localhost';
    const port = parsed.port || parsed.searchParams.get('port') || '5432';
    return `${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
  } catch {
    return 'the configured address';
  }
}

/** The user name a database URL signs in as, for messages. */
export function databaseUser(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).username) || undefined;
  } catch {
    return undefined;
  }
}
