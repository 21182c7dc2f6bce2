import { z } from 'zod';

export const TIME_FORMATS = ['12h', '24h'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];

/** Spec 02 section 9: UTC and 24h until the user (or the browser's guess) says otherwise. */
export const DEFAULT_TIMEZONE = 'UTC';
export const DEFAULT_TIME_FORMAT: TimeFormat = '24h';

export const PREFERENCE_MESSAGES = {
  invalidTimezone: 'Please choose a valid time zone.',
  invalidTimeFormat: 'Please choose 12h or 24h.',
} as const;

/** True when the runtime knows this IANA zone name. */
export function isValidTimezone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const Preferences = z.object({
  timezone: z.string(),
  timeFormat: z.enum(TIME_FORMATS),
});
export type Preferences = z.infer<typeof Preferences>;

export const UpdatePreferencesInput = z.object({
  timezone: z
    .string()
    .trim()
    .refine(isValidTimezone, { error: PREFERENCE_MESSAGES.invalidTimezone })
    .optional(),
  timeFormat: z.enum(TIME_FORMATS, { error: PREFERENCE_MESSAGES.invalidTimeFormat }).optional(),
});
export type UpdatePreferencesInput = z.infer<typeof UpdatePreferencesInput>;
