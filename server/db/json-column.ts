/**
 * The one reader of JSON text columns (media ids, tweets, metadata, progress, preferences...):
 * SQLite and PostgreSQL both store them as text. An empty column, or text that is not valid JSON
 * (written by hand or by an older version), reads as `fallback` instead of failing the request.
 */
export function parseJsonColumn<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** A JSON object column (metadata, progress): its object, or `{}` for anything else. */
export function parseJsonObject(text: string | null | undefined): Record<string, unknown> {
  const value = parseJsonColumn<unknown>(text, null);
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
