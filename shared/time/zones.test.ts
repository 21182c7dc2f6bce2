import { describe, expect, it } from 'vitest';
import { LISTED_ZONES } from '../schedule/schedule.js';
import { canonicalZone, isSameZone, zoneLabel } from './zones.js';

describe('time zones by identity', () => {
  it('lists 29 zones first in the picker', () => {
    expect(LISTED_ZONES).toHaveLength(29);
  });

  it('treats two names of one zone as the same zone', () => {
    expect(isSameZone('Etc/UTC', 'UTC')).toBe(true);
    expect(isSameZone('Europe/Berlin', 'Europe/Berlin')).toBe(true);
  });

  it('never matches zones by their offset', () => {
    // Equal in winter, an hour apart in summer.
    expect(isSameZone('UTC', 'Europe/London')).toBe(false);
    // Same offset all year, different zones.
    expect(isSameZone('Europe/Paris', 'Europe/Berlin')).toBe(false);
    expect(isSameZone('Asia/Kathmandu', 'Asia/Kolkata')).toBe(false);
  });

  it('knows no unknown zone', () => {
    expect(canonicalZone('Mars/Olympus_Mons')).toBeNull();
    expect(isSameZone('Mars/Olympus_Mons', 'Mars/Olympus_Mons')).toBe(false);
    expect(canonicalZone(undefined)).toBeNull();
  });

  it('reads a zone with spaces', () => {
    expect(zoneLabel('America/St_Johns')).toBe('America/St Johns');
  });
});
