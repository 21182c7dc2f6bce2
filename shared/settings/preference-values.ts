// The preference values and their rules without zod: the sign-up page reads the browser's zone and
// language with them and must not download the schema library for it.
export const TIME_FORMATS = ['12h', '24h'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];

/** Spec 02 section 9: UTC and 24h until the user (or the browser's guess) says otherwise. */
export const DEFAULT_TIMEZONE = 'UTC';
export const DEFAULT_TIME_FORMAT: TimeFormat = '24h';

export const PREFERENCE_MESSAGES = {
  invalidTimezone: 'Please choose a valid time zone.',
  invalidTimeFormat: 'Please choose 12h or 24h.',
  invalidLanguage: 'Please choose a language from the list.',
  displayNameTooLong: 'Your name can be at most 100 characters.',
} as const;

export const DISPLAY_NAME_MAX = 100;

/** Languages a user can pick for their profile (e-mail greetings and date formats follow it). */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
  { code: 'es', label: 'Español' },
  { code: 'fr', label: 'Français' },
  { code: 'it', label: 'Italiano' },
  { code: 'nl', label: 'Nederlands' },
  { code: 'pt', label: 'Português' },
  { code: 'pl', label: 'Polski' },
  { code: 'sv', label: 'Svenska' },
  { code: 'tr', label: 'Türkçe' },
  { code: 'ja', label: '日本語' },
  { code: 'zh', label: '中文' },
] as const;
type LanguageCode = (typeof LANGUAGES)[number]['code'];

/** The base language of a stored tag ('de-DE' from the browser at sign-up reads as 'de'), or English. */
export function languageOf(tag: string | null | undefined): LanguageCode {
  const base = (tag ?? '').toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((l) => l.code === base)?.code ?? 'en';
}

/** A BCP 47 language tag as browsers send it: 'en', 'de-DE', 'zh-Hant-TW'. */
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;

/**
 * A browser's language tag as it is stored: kept when it names a language of the list ('de-DE'),
 * English when it names another language; null when it is not a language tag at all.
 */
export function supportedLanguageTag(tag: string): string | null {
  if (tag.length > 35 || !LANGUAGE_TAG.test(tag)) return null;
  const base = tag.split('-')[0]?.toLowerCase();
  return LANGUAGES.some((l) => l.code === base) ? tag : 'en';
}

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
