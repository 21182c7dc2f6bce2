import { describe, expect, it } from 'vitest';
import { POST_MESSAGES } from '../../../shared/posts/api';
import { TIKTOK_DRAFT_SCHEDULED_AT } from '../../../shared/posts/constants';
import { scheduledAtFor } from './use-save-post';

const NOW = Date.parse('2030-05-05T10:00:00Z');
const LATER = '2030-05-05T12:00:00.000Z';

describe('the time a Create Post save sends', () => {
  it('schedules at the chosen time, which must be given and in the future', () => {
    expect(scheduledAtFor('schedule', 'twitter', LATER, NOW)).toEqual({ scheduledAt: LATER });
    expect(scheduledAtFor('schedule', 'twitter', null, NOW)).toEqual({
      error: POST_MESSAGES.scheduleMissing,
    });
    expect(scheduledAtFor('schedule', 'twitter', '2030-05-05T09:00:00.000Z', NOW)).toEqual({
      error: POST_MESSAGES.scheduleInPast,
    });
  });

  it("accepts a time up to a minute ago, as the server does (the user picked 'now')", () => {
    const halfAMinuteAgo = new Date(NOW - 30_000).toISOString();
    expect(scheduledAtFor('schedule', 'twitter', halfAMinuteAgo, NOW)).toEqual({
      scheduledAt: halfAMinuteAgo,
    });
  });

  it('sends no time for Post Now and the next free time: the server picks it', () => {
    expect(scheduledAtFor('publish', 'twitter', LATER, NOW)).toEqual({ scheduledAt: null });
    expect(scheduledAtFor('queue', 'facebook', LATER, NOW)).toEqual({ scheduledAt: null });
  });

  it('keeps a draft’s time, but none on LinkedIn and the far-future instant on TikTok', () => {
    expect(scheduledAtFor('draft', 'twitter', LATER, NOW)).toEqual({ scheduledAt: LATER });
    expect(scheduledAtFor('draft', 'linkedin', LATER, NOW)).toEqual({ scheduledAt: null });
    expect(scheduledAtFor('draft', 'tiktok', LATER, NOW)).toEqual({ scheduledAt: TIKTOK_DRAFT_SCHEDULED_AT });
  });
});
