import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDayHeading,
  formatHour,
  formatLongDate,
  formatMonthYear,
  formatSlot,
  formatTime,
  formatTimeOfDay,
} from './format.js';

// 05:38:43 UTC on Wednesday 25 November 2026.
const AT = '2026-11-25T05:38:43.000Z';
const utc24 = ['UTC', '24h'] as const;
const utc12 = ['UTC', '12h'] as const;

describe('the one date and time formatter', () => {
  it('says a date-time as the app does, on the 24-hour and 12-hour clock', () => {
    expect(formatDateTime(AT, ...utc24)).toBe('Nov 25, 2026 05:38');
    expect(formatDateTime(AT, ...utc12)).toBe('Nov 25, 2026 5:38 AM');
    expect(formatDateTime(Date.parse('2026-11-25T17:05:00Z'), ...utc12)).toBe('Nov 25, 2026 5:05 PM');
  });

  it("follows the user's zone, not the runtime's", () => {
    expect(formatDateTime(AT, 'America/Los_Angeles', '24h')).toBe('Nov 24, 2026 21:38');
    expect(formatDateTime(AT, 'Asia/Kathmandu', '12h')).toBe('Nov 25, 2026 11:23 AM');
    expect(formatDate(AT, 'Pacific/Auckland')).toBe('Nov 25, 2026');
    expect(formatDayHeading(AT, 'America/Los_Angeles')).toBe('Tuesday, November 24, 2026');
  });

  it('keeps the wall clock across a daylight-saving change', () => {
    const berlin = (iso: string) => formatTime(iso, 'Europe/Berlin', '24h');
    expect(berlin('2027-03-28T00:30:00Z')).toBe('01:30');
    expect(berlin('2027-03-28T01:30:00Z')).toBe('03:30');
  });

  it('reads midnight and noon right on both clocks', () => {
    expect(formatTime('2026-11-25T00:00:00Z', ...utc12)).toBe('12:00 AM');
    expect(formatTime('2026-11-25T12:00:00Z', ...utc12)).toBe('12:00 PM');
    expect(formatTime('2026-11-25T00:00:00Z', ...utc24)).toBe('00:00');
  });

  it('says dates, slots, headings, posting times and hours', () => {
    expect(formatDate(AT, 'UTC')).toBe('Nov 25, 2026');
    expect(formatLongDate(AT, 'UTC')).toBe('November 25, 2026');
    expect(formatDayHeading(AT, 'UTC')).toBe('Wednesday, November 25, 2026');
    expect(formatSlot(AT, ...utc24)).toBe('Wed, Nov 25, 05:38');
    expect(formatSlot(AT, ...utc12)).toBe('Wed, Nov 25, 5:38 AM');
    expect(formatTimeOfDay('14:00', '12h')).toBe('2:00 PM');
    expect(formatTimeOfDay('00:05', '12h')).toBe('12:05 AM');
    expect(formatTimeOfDay('09:00', '24h')).toBe('09:00');
    expect(formatHour(0, '12h')).toBe('12 AM');
    expect(formatHour(13, '12h')).toBe('1 PM');
    expect(formatHour(9, '24h')).toBe('09');
  });

  it('gives nothing for no instant or an invalid one, and UTC for an unknown zone', () => {
    expect(formatDateTime(null, ...utc24)).toBe('');
    expect(formatDateTime('not a date', ...utc24)).toBe('');
    expect(formatDate(undefined, 'UTC')).toBe('');
    expect(formatDateTime(AT, 'Mars/Olympus_Mons', '24h')).toBe('Nov 25, 2026 05:38');
  });

  it('labels the hour select in 12h and 24h formats with the shared formatter', () => {
    expect([formatHour(0, '12h'), formatHour(12, '12h'), formatHour(15, '12h')]).toEqual([
      '12 AM',
      '12 PM',
      '3 PM',
    ]);
    expect(formatHour(7, '24h')).toBe('07');
  });

  it('names a month for a date picker', () => {
    expect(formatMonthYear(AT, 'UTC')).toBe('November 2026');
    expect(formatMonthYear(AT, 'Pacific/Kiritimati')).toBe('November 2026');
    expect(formatMonthYear(null, 'UTC')).toBe('');
  });
});
