import { z } from 'zod';

/** Day numbers as the spec's grid uses them: 0 = Sunday ... 6 = Saturday. */
export const DAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
export const DAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Spec 02 section 9: a new schedule has 09:00 and 14:00 on each of the 7 days, in 24h. */
export const DEFAULT_POSTING_TIMES = ['09:00', '14:00'] as const;

/**
 * The 29 time zones the schedule offers first: one per inhabited offset band, the half-hour
 * ones that large populations use (St. John's, India) included. They head the picker; any other
 * IANA zone can be chosen too, and a user's zone is never swapped for a listed neighbour.
 */
export const LISTED_ZONES = [
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Denver',
  'America/Phoenix',
  'America/Chicago',
  'America/Mexico_City',
  'America/New_York',
  'America/Bogota',
  'America/Halifax',
  'America/St_Johns',
  'America/Sao_Paulo',
  'America/Argentina/Buenos_Aires',
  'Atlantic/Azores',
  'Europe/London',
  'Europe/Berlin',
  'Africa/Lagos',
  'Europe/Athens',
  'Africa/Cairo',
  'Africa/Johannesburg',
  'Europe/Moscow',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Kolkata',
  'Asia/Bangkok',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Auckland',
] as const;

export const SCHEDULE_MESSAGES = {
  notAuthenticated: 'User not authenticated',
  noSchedule: 'No schedule found',
  noScheduleToUpdate: 'No schedule available to update',
  addFailed: 'Failed to add posting time',
  deleteFailed: 'Failed to delete posting time',
  clearFailed: 'Failed to clear posting times',
  recommendationsFailed: 'Failed to fetch best posting times',
  timeExists: 'This posting time is already in the schedule.',
  noPostingTimes:
    'Your posting schedule has no times for this account. Add times on the Posting Schedule page.',
  noRecommendations: 'No recommendations available yet. Keep posting to improve suggestions!',
  recommendationsError: 'Error loading recommendations',
} as const;

/** Spec 02 section 8: each action's toast sequence. */
export const SCHEDULE_TOASTS = {
  savePreferences: {
    loading: 'Saving preferences...',
    success: 'Preferences saved!',
    error: 'Failed to save preferences. Please try again.',
  },
  deleteTime: {
    loading: 'Deleting posting time...',
    success: 'Posting time deleted!',
    error: 'Failed to delete posting time. Please try again.',
  },
  clearTimes: {
    loading: 'Clearing all posting times...',
    success: 'All posting times cleared!',
    error: 'Failed to clear posting times. Please try again.',
  },
  addTime: {
    loading: 'Adding posting time...',
    success: 'Posting time added!',
    error: 'Failed to add posting time. Please try again.',
  },
} as const;

const SCHEDULE_FORM_MESSAGES = {
  hour12: 'Hour must be between 01 and 12',
  hour24: 'Hour must be between 00 and 23',
  minute: 'Minute must be between 00 and 59',
} as const;

/**
 * Spec 02 section 5: hour 01-12, minute 00-59, AM/PM, and Every Day or one weekday. On the
 * 24-hour clock the form sends no AM/PM and an hour 00-23 (issue 21).
 */
export const AddPostingTimeInput = z
  .object({
    hour: z.number().int().min(0, SCHEDULE_FORM_MESSAGES.hour24).max(23, SCHEDULE_FORM_MESSAGES.hour24),
    minute: z.number().int().min(0, SCHEDULE_FORM_MESSAGES.minute).max(59, SCHEDULE_FORM_MESSAGES.minute),
    /** Absent: `hour` is on the 24-hour clock. */
    period: z.enum(['AM', 'PM'], { error: 'Please choose AM or PM.' }).optional(),
    day: z.union([z.literal('everyday'), z.number().int().min(0).max(6)], { error: 'Please choose a day.' }),
    /** A connected account's own schedule; absent: the schedule every account uses by default. */
    accountId: z.string().min(1).max(100).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.period && (input.hour < 1 || input.hour > 12))
      ctx.addIssue({ code: 'custom', path: ['hour'], message: SCHEDULE_FORM_MESSAGES.hour12 });
  });
export type AddPostingTimeInput = z.infer<typeof AddPostingTimeInput>;

/** The form's fields to 'HH:MM': 12-hour with AM/PM (12 AM is 00, 12 PM is 12), or 24-hour without. */
export function toTimeOfDay(hour: number, minute: number, period?: 'AM' | 'PM'): string {
  const h = period ? (hour % 12) + (period === 'PM' ? 12 : 0) : hour;
  return `${String(h).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

export interface PostingTimeDto {
  id: string;
  day: number;
  time: string;
}

export interface PostingScheduleDto {
  id: string;
  /** null: the schedule every account uses unless it has its own. */
  accountId: string | null;
  timezone: string;
  timeFormat: '12h' | '24h';
  times: PostingTimeDto[];
}

export interface ScheduleOverviewDto {
  schedule: PostingScheduleDto;
  /** Connected accounts that have their own schedule. */
  customAccountIds: string[];
}
