/**
 * Time zones compared by identity: two names are the same zone when the runtime resolves them to
 * the same IANA zone ('Etc/UTC' and 'UTC', 'Asia/Calcutta' and 'Asia/Kolkata'). Never by offset:
 * London and UTC agree in winter and differ by an hour all summer.
 */
export function canonicalZone(zone: string | null | undefined): string | null {
  if (!zone) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function isSameZone(a: string | null | undefined, b: string | null | undefined): boolean {
  const left = canonicalZone(a);
  return left !== null && left === canonicalZone(b);
}

/** The browser's (or the runtime's) zone, or null when it cannot tell. */
export function detectedZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** A zone as people read it: 'America/St Johns'. */
export function zoneLabel(zone: string): string {
  return zone.replace(/_/g, ' ');
}
