/** The six platforms, by the ids used everywhere (database, API, web app, extension). */
export const PLATFORM_IDS = ['twitter', 'facebook', 'instagram', 'linkedin', 'tiktok', 'threads'] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

export function isPlatformId(value: string): value is PlatformId {
  return (PLATFORM_IDS as readonly string[]).includes(value);
}
