import { describe, expect, it } from 'vitest';
import { formatHour } from '../../../shared/time/format';
import { defaultScheduleTime, utcToZonedTime, zonedTimeToUtc } from './zoned-time';

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

  it('defaults to the next quarter hour an hour from now', () => {
    const now = Date.parse('2030-05-05T10:07:00Z');
    expect(defaultScheduleTime(now, 'UTC')).toEqual({ date: '2030-05-05', hour: 11, minute: 15 });
  });

  it('labels the hour select in 12h and 24h formats with the shared formatter', () => {
    expect([formatHour(0, '12h'), formatHour(12, '12h'), formatHour(15, '12h')]).toEqual([
      '12 AM',
      '12 PM',
      '3 PM',
    ]);
    expect(formatHour(7, '24h')).toBe('07');
  });
});
