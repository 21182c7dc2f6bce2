import { describe, expect, it } from 'vitest';
import { parseImportTime } from './import-time.js';

const iso = (value: string, zone = 'Europe/Berlin') => {
  const at = parseImportTime(value, zone);
  return at === null || Number.isNaN(at) ? at : new Date(at).toISOString();
};

describe('parseImportTime', () => {
  it('reads an ISO instant with its own offset whatever the zone', () => {
    expect(iso('2027-03-29T09:00:00+02:00', 'America/New_York')).toBe('2027-03-29T07:00:00.000Z');
    expect(iso('2027-03-29 09:00Z')).toBe('2027-03-29T09:00:00.000Z');
  });

  it("reads local ISO times and the app's own clock formats in the user's zone", () => {
    expect(iso('2027-03-27 09:00')).toBe('2027-03-27T08:00:00.000Z');
    expect(iso('2027-03-28T09:00')).toBe('2027-03-28T07:00:00.000Z');
    expect(iso('2027-03-28 9:00 pm')).toBe('2027-03-28T19:00:00.000Z');
    expect(iso('Mar 28, 2027 09:00')).toBe('2027-03-28T07:00:00.000Z');
    expect(iso('March 28, 2027 12:30 AM')).toBe('2027-03-27T23:30:00.000Z');
  });

  it('answers null for an empty cell and NaN for one it cannot read', () => {
    expect(parseImportTime('  ', 'UTC')).toBeNull();
    for (const value of [
      'tomorrow',
      '2027-02-30 09:00',
      '2027-03-28 25:00',
      'Marz 28, 2027 09:00',
      '13:00 PM',
    ]) {
      expect(parseImportTime(value, 'UTC'), value).toBeNaN();
    }
  });
});
