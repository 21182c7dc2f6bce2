import { describe, expect, it } from 'vitest';
import { rangeBounds } from './post-ranges.js';

const iso = (bounds: { start: number; end: number | null } | null) =>
  bounds && {
    start: new Date(bounds.start).toISOString(),
    end: bounds.end && new Date(bounds.end).toISOString(),
  };

describe("the post lists' date filters", () => {
  // Wednesday 10 March 2027, 15:00 UTC: 10:00 in New York, a few days before the spring change.
  const now = Date.parse('2027-03-10T15:00:00Z');

  it("covers today and this week on the user's calendar, across a daylight-saving change", () => {
    expect(iso(rangeBounds('today', 'America/New_York', now))).toEqual({
      start: '2027-03-10T05:00:00.000Z',
      end: '2027-03-11T05:00:00.000Z',
    });
    // Sunday 7 March to Sunday 14 March, which starts on winter time and ends on summer time.
    expect(iso(rangeBounds('this-week', 'America/New_York', now))).toEqual({
      start: '2027-03-07T05:00:00.000Z',
      end: '2027-03-14T05:00:00.000Z',
    });
    expect(iso(rangeBounds('this-week', 'America/New_York', Date.parse('2027-03-15T15:00:00Z')))).toEqual({
      start: '2027-03-14T05:00:00.000Z',
      end: '2027-03-21T04:00:00.000Z',
    });
  });

  it('covers the month and the year, and leaves the last 30 days open', () => {
    expect(iso(rangeBounds('this-month', 'Europe/Paris', now))).toEqual({
      start: '2027-02-28T23:00:00.000Z',
      end: '2027-03-31T22:00:00.000Z',
    });
    expect(iso(rangeBounds('this-year', 'Asia/Tokyo', now))).toEqual({
      start: '2026-12-31T15:00:00.000Z',
      end: '2027-12-31T15:00:00.000Z',
    });
    expect(iso(rangeBounds('30d', 'UTC', now))).toEqual({ start: '2027-02-08T15:00:00.000Z', end: null });
    expect(rangeBounds('all', 'UTC', now)).toBeNull();
  });

  it("takes the date in the user's zone, not the server's", () => {
    // 23:30 UTC on 10 March is already 11 March in Tokyo.
    expect(iso(rangeBounds('today', 'Asia/Tokyo', Date.parse('2027-03-10T23:30:00Z')))?.start).toBe(
      '2027-03-10T15:00:00.000Z',
    );
  });
});
