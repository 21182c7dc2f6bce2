import { describe, expect, it } from 'vitest';
import { addDays, utcToZonedTime, type WallTime, zonedTimeToUtc } from './zoned-time';

const iso = (wall: WallTime, zone: string) => zonedTimeToUtc(wall, zone).toISOString();

describe('schedule times in the user time zone', () => {
  it('turns a New York wall time into UTC (summer and winter offsets)', () => {
    expect(
      zonedTimeToUtc({ date: '2030-07-01', hour: 9, minute: 30 }, 'America/New_York').toISOString(),
    ).toBe('2030-07-01T13:30:00.000Z');
    expect(
      zonedTimeToUtc({ date: '2030-01-15', hour: 9, minute: 30 }, 'America/New_York').toISOString(),
    ).toBe('2030-01-15T14:30:00.000Z');
  });

  it('handles zones east of UTC and UTC itself', () => {
    expect(zonedTimeToUtc({ date: '2030-03-01', hour: 0, minute: 15 }, 'Asia/Kolkata').toISOString()).toBe(
      '2030-02-28T18:45:00.000Z',
    );
    expect(zonedTimeToUtc({ date: '2030-03-01', hour: 23, minute: 5 }, 'UTC').toISOString()).toBe(
      '2030-03-01T23:05:00.000Z',
    );
  });

  it('reads an instant back as the same wall time', () => {
    const wall = { date: '2030-10-27', hour: 17, minute: 45 };
    expect(utcToZonedTime(zonedTimeToUtc(wall, 'Europe/Paris').getTime(), 'Europe/Paris')).toEqual(wall);
  });
});

describe('daylight-saving days (2027)', () => {
  it('moves a time skipped in the European spring (28 March) forward by the hour it lost', () => {
    // Paris jumps from 02:00 CET to 03:00 CEST: 02:30 does not exist and reads 03:30.
    expect(iso({ date: '2027-03-28', hour: 2, minute: 30 }, 'Europe/Paris')).toBe('2027-03-28T01:30:00.000Z');
    expect(iso({ date: '2027-03-28', hour: 3, minute: 30 }, 'Europe/Paris')).toBe('2027-03-28T01:30:00.000Z');
    // London jumps from 01:00 GMT to 02:00 BST.
    expect(iso({ date: '2027-03-28', hour: 1, minute: 15 }, 'Europe/London')).toBe(
      '2027-03-28T01:15:00.000Z',
    );
    // Next to the gap, times are exact.
    expect(iso({ date: '2027-03-28', hour: 1, minute: 59 }, 'Europe/Paris')).toBe('2027-03-28T00:59:00.000Z');
    expect(iso({ date: '2027-03-28', hour: 3, minute: 0 }, 'Europe/Paris')).toBe('2027-03-28T01:00:00.000Z');
  });

  it('takes the earlier of a time repeated in the European autumn (31 October)', () => {
    // Paris goes back from 03:00 CEST to 02:00 CET: 02:30 happens at 00:30 and at 01:30 UTC.
    expect(iso({ date: '2027-10-31', hour: 2, minute: 30 }, 'Europe/Paris')).toBe('2027-10-31T00:30:00.000Z');
    // London goes back from 02:00 BST to 01:00 GMT: 01:30 happens at 00:30 and at 01:30 UTC.
    expect(iso({ date: '2027-10-31', hour: 1, minute: 30 }, 'Europe/London')).toBe(
      '2027-10-31T00:30:00.000Z',
    );
    expect(iso({ date: '2027-10-31', hour: 3, minute: 0 }, 'Europe/Paris')).toBe('2027-10-31T02:00:00.000Z');
  });

  it('moves a time skipped in the American spring (14 March) forward by the hour it lost', () => {
    // New York jumps from 02:00 EST to 03:00 EDT: 02:30 reads 03:30 EDT.
    expect(iso({ date: '2027-03-14', hour: 2, minute: 30 }, 'America/New_York')).toBe(
      '2027-03-14T07:30:00.000Z',
    );
    expect(iso({ date: '2027-03-14', hour: 2, minute: 0 }, 'America/Los_Angeles')).toBe(
      '2027-03-14T10:00:00.000Z',
    );
    expect(iso({ date: '2027-03-14', hour: 1, minute: 59 }, 'America/New_York')).toBe(
      '2027-03-14T06:59:00.000Z',
    );
  });

  it('takes the earlier of a time repeated in the American autumn (7 November)', () => {
    // New York goes back from 02:00 EDT to 01:00 EST: 01:30 happens at 05:30 and at 06:30 UTC.
    expect(iso({ date: '2027-11-07', hour: 1, minute: 30 }, 'America/New_York')).toBe(
      '2027-11-07T05:30:00.000Z',
    );
    expect(iso({ date: '2027-11-07', hour: 2, minute: 0 }, 'America/New_York')).toBe(
      '2027-11-07T07:00:00.000Z',
    );
    expect(iso({ date: '2027-11-07', hour: 0, minute: 59 }, 'America/New_York')).toBe(
      '2027-11-07T04:59:00.000Z',
    );
  });

  it('reads every minute of those days back as itself, or as the time after the gap', () => {
    const days: Array<[string, string, number]> = [
      ['2027-03-28', 'Europe/Paris', 2],
      ['2027-10-31', 'Europe/Paris', -1],
      ['2027-03-14', 'America/New_York', 2],
      ['2027-11-07', 'America/New_York', -1],
    ];
    for (const [date, zone, skippedHour] of days) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 5) {
        const wall = { date, hour: Math.floor(minutes / 60), minute: minutes % 60 };
        const back = utcToZonedTime(zonedTimeToUtc(wall, zone).getTime(), zone);
        expect(back).toEqual(wall.hour === skippedHour ? { ...wall, hour: wall.hour + 1 } : wall);
      }
    }
  });

  it('counts calendar days without a zone', () => {
    expect(addDays('2027-03-27', 1)).toBe('2027-03-28');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });
});
