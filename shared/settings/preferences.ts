import { z } from 'zod';
import {
  DISPLAY_NAME_MAX,
  isValidTimezone,
  LANGUAGES,
  PREFERENCE_MESSAGES,
  TIME_FORMATS,
} from './preference-values.js';

export * from './preference-values.js';

export const Preferences = z.object({
  timezone: z.string(),
  timeFormat: z.enum(TIME_FORMATS),
  /** Profile fields (optional for callers that only need the clock). */
  displayName: z.string().nullable().optional(),
  language: z.string().optional(),
});
export type Preferences = z.infer<typeof Preferences>;

export const UpdatePreferencesInput = z.object({
  timezone: z
    .string()
    .trim()
    .refine(isValidTimezone, { error: PREFERENCE_MESSAGES.invalidTimezone })
    .optional(),
  timeFormat: z.enum(TIME_FORMATS, { error: PREFERENCE_MESSAGES.invalidTimeFormat }).optional(),
  /** Empty clears the name. */
  displayName: z.string().trim().max(DISPLAY_NAME_MAX, PREFERENCE_MESSAGES.displayNameTooLong).optional(),
  language: z
    .string()
    .refine((value) => LANGUAGES.some((l) => l.code === value), {
      error: PREFERENCE_MESSAGES.invalidLanguage,
    })
    .optional(),
});
export type UpdatePreferencesInput = z.infer<typeof UpdatePreferencesInput>;
