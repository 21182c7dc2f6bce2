import { describe, expect, it } from 'vitest';
import { matchListedZone } from './match-zone.js';
import { LISTED_ZONES } from './schedule.js';

const NOV = Date.parse('2026-11-22T12:00:00Z');

describe('matching a detected time zone', () => {
  it('lists 29 zones', () => {
    expect(LISTED_ZONES).toHaveLength(29);
  });

  it('keeps a listed zone, including half-hour ones', () => {
    expect(matchListedZone('Asia/Kolkata', NOV)).toBe('Asia/Kolkata');
    expect(matchListedZone('America/St_Johns', NOV)).toBe('America/St_Johns');
  });

  it('snaps another zone to the listed zone within 30 minutes of its offset', () => {
    // Kathmandu is UTC+5:45: 15 minutes from India.
    expect(matchListedZone('Asia/Kathmandu', NOV)).toBe('Asia/Kolkata');
    // Paris and Berlin share their offset all year.
    expect(matchListedZone('Europe/Paris', NOV)).toBe('Europe/Berlin');
  });

  it('falls back to New York for an unknown zone or one too far from every listed zone', () => {
    expect(matchListedZone('Mars/Olympus_Mons', NOV)).toBe('America/New_York');
    expect(matchListedZone(undefined, NOV)).toBe('America/New_York');
    // Chatham Islands: UTC+13:45 in November, 45 minutes from Auckland.
    expect(matchListedZone('Pacific/Chatham', NOV)).toBe('America/New_York');
  });
});
