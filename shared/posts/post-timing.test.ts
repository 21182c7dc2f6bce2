import { describe, expect, it } from 'vitest';
import { utcToZonedTime } from '../time/zoned-time';
import {
  canMovePost,
  DEFAULT_LATE_GRACE_MINUTES,
  defaultPostTime,
  isInFuture,
  isMissed,
  missedCutoff,
  SCHEDULE_CLOCK_SKEW_MS,
} from './post-timing';

const MINUTE = 60_000;
const NOW = Date.parse('2030-05-05T10:07:00Z');

describe('a schedule time in the future', () => {
  it('accepts any later time, and up to a minute of clock skew', () => {
    expect(isInFuture(NOW + MINUTE, NOW)).toBe(true);
    expect(isInFuture(NOW, NOW)).toBe(true);
    expect(isInFuture(NOW - SCHEDULE_CLOCK_SKEW_MS, NOW)).toBe(true);
  });

  it('refuses a time more than a minute ago', () => {
    expect(isInFuture(NOW - SCHEDULE_CLOCK_SKEW_MS - 1, NOW)).toBe(false);
  });
});

describe('the default time of a new post', () => {
  it('defaults to the next quarter hour an hour from now', () => {
    expect(utcToZonedTime(defaultPostTime(NOW, 'UTC'), 'UTC')).toEqual({
      date: '2030-05-05',
      hour: 11,
      minute: 15,
    });
  });

  it('keeps an exact quarter hour an hour away', () => {
    const now = Date.parse('2030-05-05T10:15:00Z');
    expect(new Date(defaultPostTime(now, 'UTC')).toISOString()).toBe('2030-05-05T11:15:00.000Z');
  });

  it("starts a later day chosen on the calendar at 09:00 on the user's clock", () => {
    expect(new Date(defaultPostTime(NOW, 'Europe/Paris', { date: '2030-05-08' })).toISOString()).toBe(
      '2030-05-08T07:00:00.000Z',
    );
  });

  it('starts today at the default from now once 09:00 is too close or has passed', () => {
    expect(defaultPostTime(NOW, 'UTC', { date: '2030-05-05' })).toBe(defaultPostTime(NOW, 'UTC'));
  });

  it('starts an hour chosen in the week view at that hour, or at the default when it is sooner', () => {
    expect(new Date(defaultPostTime(NOW, 'UTC', { date: '2030-05-05', hour: 14 })).toISOString()).toBe(
      '2030-05-05T14:00:00.000Z',
    );
    expect(defaultPostTime(NOW, 'UTC', { date: '2030-05-05', hour: 10 })).toBe(defaultPostTime(NOW, 'UTC'));
  });
});

describe('moving a post', () => {
  it('is offered for a scheduled post that is not due yet', () => {
    expect(canMovePost({ status: 'scheduled', at: NOW + MINUTE }, NOW)).toBe(true);
  });

  it('is not offered once the post is due, sent, failed or a draft', () => {
    expect(canMovePost({ status: 'scheduled', at: NOW }, NOW)).toBe(false);
    expect(canMovePost({ status: 'posted', at: NOW + MINUTE }, NOW)).toBe(false);
    expect(canMovePost({ status: 'failed', at: NOW + MINUTE }, NOW)).toBe(false);
    expect(canMovePost({ status: 'draft', at: NOW + MINUTE }, NOW)).toBe(false);
    expect(canMovePost({ status: 'scheduled', at: null }, NOW)).toBe(false);
  });
});

describe('a missed post', () => {
  const grace = DEFAULT_LATE_GRACE_MINUTES;

  it('is a scheduled post more than the grace late', () => {
    expect(isMissed({ status: 'scheduled', at: NOW - grace * MINUTE - 1 }, NOW, grace)).toBe(true);
    expect(missedCutoff(NOW, grace)).toBe(NOW - grace * MINUTE);
  });

  it('is only due within the grace, and never once it was sent or failed', () => {
    expect(isMissed({ status: 'scheduled', at: NOW - grace * MINUTE }, NOW, grace)).toBe(false);
    expect(isMissed({ status: 'scheduled', at: NOW - MINUTE }, NOW, grace)).toBe(false);
    expect(isMissed({ status: 'posted', at: NOW - 2 * grace * MINUTE }, NOW, grace)).toBe(false);
    expect(isMissed({ status: 'failed', at: NOW - 2 * grace * MINUTE }, NOW, grace)).toBe(false);
  });

  it('follows a grace configured otherwise', () => {
    expect(isMissed({ status: 'scheduled', at: NOW - 6 * MINUTE }, NOW, 5)).toBe(true);
  });
});
