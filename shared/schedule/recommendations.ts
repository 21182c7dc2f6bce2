import type { PlatformId } from '../platforms/ids.js';

/**
 * Recommended posting times: a built-in table of engagement by platform, weekday and hour, for
 * six regions, blended with the account's own results once it has enough of them.
 *
 * The table follows the published large-sample studies of when posts earn engagement, read in
 * the audience's local time:
 * - Sprout Social, "The best times to post on social media" (2024 and 2025 editions; about 2.5
 *   billion engagements across 400k profiles): weekday mid-mornings to early afternoons for
 *   Facebook, Instagram, LinkedIn and X; Tuesday to Thursday strongest; weekends weakest.
 * - Buffer, "The Best Time to Post on Social Media in 2025" (over a million posts per network):
 *   LinkedIn and X best on weekday mornings, Instagram late morning, TikTok in the afternoon and
 *   evening, Threads early on weekday mornings.
 * - Hootsuite, "The best time to post on social media" (2024 and 2025): the same weekday
 *   pattern, TikTok and Instagram also strong in the early evening.
 * The studies agree on shapes, not on exact figures, so the table holds coarse levels only
 * (1, 0.75, 0.5, 0.25): a ranking, not a prediction. The regional variants shift the same
 * curves by the local working-day rhythm (later lunches and evenings in South America, Africa
 * and Asia, earlier mornings in Australia); the studies above are mostly of North American and
 * European audiences, so the shifts are an assumption, kept to one hour.
 */

const REGIONS = ['north_america', 'europe', 'asia', 'south_america', 'australia', 'africa'] as const;
type Region = (typeof REGIONS)[number];

/** Spec 02 section 9: the generic table's confidence. */
const GENERIC_CONFIDENCE = 0.75;
/** An account's own numbers count once it has this many published posts with engagement. */
const MIN_OWN_SAMPLES = 10;
/** Half weight for the account's own numbers at this many posts (weight = n / (n + K)). */
const OWN_WEIGHT_HALF = 20;
const TOP_SLOTS = 5;

const SOUTH_AMERICA = [
  'Sao_Paulo',
  'Argentina',
  'Buenos_Aires',
  'Santiago',
  'Lima',
  'Bogota',
  'Caracas',
  'La_Paz',
  'Montevideo',
  'Asuncion',
  'Guayaquil',
  'Cayenne',
  'Paramaribo',
  'Guyana',
  'Fortaleza',
  'Recife',
  'Bahia',
  'Manaus',
  'Belem',
  'Cuiaba',
  'Campo_Grande',
  'Porto_Velho',
  'Rio_Branco',
  'Maceio',
  'Araguaina',
  'Punta_Arenas',
];

/** Spec 02 section 9: the region from the user's time zone, North America when unclear. */
export function regionOf(timezone: string): Region {
  const [area, ...rest] = timezone.split('/');
  const city = rest.join('/');
  if (area === 'America') {
    return SOUTH_AMERICA.some((name) => city.includes(name)) ? 'south_america' : 'north_america';
  }
  if (area === 'Europe' || area === 'Atlantic') return 'europe';
  if (area === 'Asia' || area === 'Indian') return 'asia';
  if (area === 'Africa') return 'africa';
  if (area === 'Australia' || timezone === 'Pacific/Auckland') return 'australia';
  return 'north_america';
}

type Levels = readonly number[];
interface Curve {
  /** Sunday ... Saturday */
  days: Levels;
  /** hour (local) -> level; hours not listed have none. */
  hours: Record<number, number>;
}

const WEEKDAY_PEAK: Levels = [0.25, 0.75, 1, 1, 1, 0.75, 0.25];

const CURVES: Record<PlatformId, Curve> = {
  facebook: {
    days: [0.25, 0.75, 1, 1, 1, 0.75, 0.5],
    hours: { 8: 0.5, 9: 1, 10: 1, 11: 1, 12: 0.75, 13: 0.75, 14: 0.75, 15: 0.5, 18: 0.25, 19: 0.25 },
  },
  instagram: {
    days: [0.5, 0.75, 1, 1, 1, 0.75, 0.5],
    hours: { 9: 0.5, 10: 1, 11: 1, 12: 1, 13: 0.75, 14: 0.75, 15: 0.5, 18: 0.5, 19: 0.5, 20: 0.25 },
  },
  linkedin: {
    days: [0.25, 0.75, 1, 1, 1, 0.5, 0.25],
    hours: { 7: 0.5, 8: 1, 9: 1, 10: 1, 11: 0.75, 12: 0.75, 13: 0.5, 14: 0.5, 17: 0.25 },
  },
  twitter: {
    days: WEEKDAY_PEAK,
    hours: { 8: 0.5, 9: 1, 10: 1, 11: 1, 12: 0.75, 13: 0.75, 14: 0.5, 15: 0.5, 17: 0.25, 18: 0.25 },
  },
  tiktok: {
    days: [0.75, 0.5, 1, 0.75, 1, 1, 0.5],
    hours: { 12: 0.5, 14: 0.75, 15: 0.75, 16: 1, 17: 1, 18: 1, 19: 1, 20: 0.75, 21: 0.5 },
  },
  threads: {
    days: WEEKDAY_PEAK,
    hours: { 7: 1, 8: 1, 9: 1, 10: 0.75, 11: 0.5, 12: 0.5, 18: 0.25, 19: 0.25 },
  },
};

const REGION_SHIFT: Record<Region, number> = {
  north_america: 0,
  europe: 0,
  asia: 1,
  south_america: 1,
  australia: -1,
  africa: 1,
};

/** The table's level for a platform, region, weekday and local hour (0 when not a good time). */
function genericScore(platform: PlatformId, region: Region, day: number, hour: number): number {
  const curve = CURVES[platform];
  return (curve.days[day] ?? 0) * (curve.hours[hour - REGION_SHIFT[region]] ?? 0);
}

export interface EngagementAt {
  /** 0 = Sunday ... 6 = Saturday, in the user's time zone. */
  day: number;
  hour: number;
  engagement: number;
}

export interface RecommendedSlot {
  platform: PlatformId;
  dayOfWeek: number;
  /** 'HH:00' in the user's time zone. */
  timeSlot: string;
  engagementScore: number;
  confidenceLevel: number;
  isGeneric: boolean;
}

export interface Recommendation {
  isGeneric: boolean;
  confidenceLevel: number;
  /** How many of the account's posts with engagement were used. */
  sampleSize: number;
  slots: RecommendedSlot[];
}

/**
 * The best slots for a platform: the generic table alone, or blended with the account's own
 * engagement per weekday and hour (normalised to its best slot) once it has MIN_OWN_SAMPLES
 * posts. The own share grows with the sample (n / (n + 20)), and so does the confidence.
 */
export function recommend(
  platform: PlatformId,
  region: Region,
  samples: readonly EngagementAt[],
  top = TOP_SLOTS,
): Recommendation {
  const own = samples.length >= MIN_OWN_SAMPLES ? ownScores(samples) : null;
  const weight = own ? samples.length / (samples.length + OWN_WEIGHT_HALF) : 0;
  const confidence = own
    ? round(GENERIC_CONFIDENCE + (0.95 - GENERIC_CONFIDENCE) * weight)
    : GENERIC_CONFIDENCE;
  const scored: RecommendedSlot[] = [];
  for (let day = 0; day < 7; day++) {
    for (let hour = 0; hour < 24; hour++) {
      const generic = genericScore(platform, region, day, hour);
      const score = own ? weight * (own.get(day * 24 + hour) ?? 0) + (1 - weight) * generic : generic;
      if (score <= 0) continue;
      scored.push({
        platform,
        dayOfWeek: day,
        timeSlot: `${String(hour).padStart(2, '0')}:00`,
        engagementScore: round(score),
        confidenceLevel: confidence,
        isGeneric: !own,
      });
    }
  }
  // Equal scores: earlier in the week, then earlier in the day.
  scored.sort(
    (a, b) =>
      b.engagementScore - a.engagementScore ||
      a.dayOfWeek - b.dayOfWeek ||
      a.timeSlot.localeCompare(b.timeSlot),
  );
  return {
    isGeneric: !own,
    confidenceLevel: confidence,
    sampleSize: samples.length,
    slots: spreadOverDays(scored, top),
  };
}

/**
 * The best slots, one per weekday first: a schedule built from them spreads posts over the
 * week instead of stacking them on the single best day. Then the next best, wherever they are.
 */
function spreadOverDays(sorted: RecommendedSlot[], top: number): RecommendedSlot[] {
  const chosen: RecommendedSlot[] = [];
  const days = new Set<number>();
  for (const slot of sorted) {
    if (chosen.length >= top) break;
    if (days.has(slot.dayOfWeek)) continue;
    chosen.push(slot);
    days.add(slot.dayOfWeek);
  }
  for (const slot of sorted) {
    if (chosen.length >= top) break;
    if (!chosen.includes(slot)) chosen.push(slot);
  }
  return chosen.sort((a, b) => b.engagementScore - a.engagementScore);
}

/** Mean engagement per weekday-hour, divided by the best slot's mean (0..1). */
function ownScores(samples: readonly EngagementAt[]): Map<number, number> {
  const sums = new Map<number, { total: number; count: number }>();
  for (const sample of samples) {
    const key = sample.day * 24 + sample.hour;
    const entry = sums.get(key) ?? { total: 0, count: 0 };
    entry.total += sample.engagement;
    entry.count += 1;
    sums.set(key, entry);
  }
  const means = new Map([...sums].map(([key, { total, count }]) => [key, total / count]));
  const best = Math.max(0, ...means.values());
  return new Map([...means].map(([key, mean]) => [key, best > 0 ? mean / best : 0]));
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
