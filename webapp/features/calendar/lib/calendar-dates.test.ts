import { describe, expect, it } from 'vitest';
import { headerTitle, monthGrid, shift, visibleRange, weekDays } from './calendar-dates';

describe('calendar dates', () => {
  it('builds a Sunday-to-Saturday month grid of six weeks', () => {
    const grid = monthGrid('2026-11-22');
    expect(grid).toHaveLength(42);
    expect(grid[0]).toBe('2026-11-01'); // November 2026 starts on a Sunday
    expect(monthGrid('2027-03-10')[0]).toBe('2027-02-28');
  });

  it('asks for midnight to midnight in the user zone, across a daylight-saving change', () => {
    const { from, to } = visibleRange('week', '2027-03-30', 'Europe/Berlin');
    expect(weekDays('2027-03-30')[0]).toBe('2027-03-28');
    expect(from).toBe('2027-03-27T23:00:00.000Z'); // Sunday 00:00 CET
    expect(to).toBe('2027-04-03T22:00:00.000Z'); // next Sunday 00:00 CEST
  });

  it('titles the month and the week, and steps by month or week', () => {
    expect(headerTitle('month', '2026-11-22')).toBe('November 2026');
    expect(headerTitle('week', '2026-11-22')).toBe('Nov 22 – 28, 2026');
    expect(headerTitle('week', '2026-12-30')).toBe('Dec 27, 2026 – Jan 2, 2027');
    expect(shift('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(shift('week', '2026-11-22', -1)).toBe('2026-11-15');
  });

  it("lists one month's own days, titled and stepped as the month", () => {
    const { days, from, to } = visibleRange('list', '2027-02-14', 'America/New_York');
    expect(days).toHaveLength(28);
    expect([days[0], days[27]]).toEqual(['2027-02-01', '2027-02-28']);
    expect(from).toBe('2027-02-01T05:00:00.000Z');
    expect(to).toBe('2027-03-01T05:00:00.000Z');
    expect(headerTitle('list', '2027-02-14')).toBe('February 2027');
    expect(shift('list', '2027-02-14', 1)).toBe('2027-03-01');
  });
});
