import { offsetAt } from '../time/zoned-time.js';
import { DEFAULT_SCHEDULE_ZONE, LISTED_ZONES, ZONE_MATCH_TOLERANCE_MINUTES } from './schedule.js';

function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Spec 02 section 9: a detected zone as one of the 29 listed zones. A listed zone is kept; any
 * other is matched to the listed zone whose UTC offset (at `now`) is nearest, if it is within
 * 30 minutes; an unknown zone, or one too far from all of them, falls back to America/New_York.
 */
export function matchListedZone(detected: string | null | undefined, now = Date.now()): string {
  if (!detected || !isZone(detected)) return DEFAULT_SCHEDULE_ZONE;
  if ((LISTED_ZONES as readonly string[]).includes(detected)) return detected;
  const offset = offsetAt(now, detected);
  let best: { zone: string; distance: number } | null = null;
  for (const zone of LISTED_ZONES) {
    const distance = Math.abs(offsetAt(now, zone) - offset);
    if (!best || distance < best.distance) best = { zone, distance };
  }
  return best && best.distance <= ZONE_MATCH_TOLERANCE_MINUTES * 60_000 ? best.zone : DEFAULT_SCHEDULE_ZONE;
}
