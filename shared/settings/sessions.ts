import { z } from 'zod';

/** One active session in Privacy & Security. */
export const SessionDto = z.object({
  id: z.string(),
  /** cookie: a browser signed in to the web app; token: the extension or a script. */
  kind: z.enum(['cookie', 'token']),
  current: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
});
export type SessionDto = z.infer<typeof SessionDto>;

/** A short name for a session's browser and system, from its user agent. */
export function describeUserAgent(userAgent: string | null, kind: 'cookie' | 'token'): string {
  if (!userAgent) return kind === 'token' ? 'Browser extension or API client' : 'Browser';
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : /node|undici|curl/i.test(ua)
            ? 'Script'
            : 'Browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  const kindLabel = kind === 'token' ? 'Extension or API client' : browser;
  return system ? `${kindLabel} on ${system}` : kindLabel;
}
