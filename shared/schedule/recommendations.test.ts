import { describe, expect, it } from 'vitest';
import { recommend, regionOf } from './recommendations.js';

describe('recommended posting times', () => {
  it('chooses the region from the time zone, North America when unclear', () => {
    expect(regionOf('Europe/Berlin')).toBe('europe');
    expect(regionOf('America/Sao_Paulo')).toBe('south_america');
    expect(regionOf('America/Argentina/Buenos_Aires')).toBe('south_america');
    expect(regionOf('America/Chicago')).toBe('north_america');
    expect(regionOf('Asia/Kolkata')).toBe('asia');
    expect(regionOf('Australia/Sydney')).toBe('australia');
    expect(regionOf('Africa/Lagos')).toBe('africa');
    expect(regionOf('UTC')).toBe('north_america');
  });

  it('is generic without enough posts, at confidence 0.75, weekday mornings, one per weekday', () => {
    const result = recommend('linkedin', 'north_america', []);
    expect(result).toMatchObject({ isGeneric: true, confidenceLevel: 0.75, sampleSize: 0 });
    expect(result.slots).toHaveLength(5);
    expect(result.slots.map((slot) => slot.dayOfWeek)).toEqual([2, 3, 4, 1, 5]);
    for (const slot of result.slots) {
      expect(slot.timeSlot).toBe('08:00');
      expect(slot.isGeneric).toBe(true);
    }
  });

  it("follows the account's own results once there are enough, with a confidence that grows", () => {
    const tuesdays = Array.from({ length: 40 }, (_, i) => ({ day: 2, hour: 10, engagement: 200 + i }));
    const elsewhere = Array.from({ length: 10 }, (_, i) => ({ day: i % 7, hour: 16, engagement: 5 }));
    const result = recommend('twitter', 'europe', [...tuesdays, ...elsewhere]);
    expect(result.isGeneric).toBe(false);
    expect(result.slots[0]).toMatchObject({ dayOfWeek: 2, timeSlot: '10:00', isGeneric: false });
    expect(result.confidenceLevel).toBeGreaterThan(0.75);
    const fewer = recommend('twitter', 'europe', tuesdays.slice(0, 12));
    expect(fewer.confidenceLevel).toBeLessThan(result.confidenceLevel);
    expect(recommend('twitter', 'europe', tuesdays.slice(0, 9)).isGeneric).toBe(true);
  });
});
