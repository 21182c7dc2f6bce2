// `/api/schedule` answers as zod schemas for the OpenAPI document; the handlers answer through
// `reply` with the same ones (tsc checks the DTOs fit).
import { z } from 'zod';
import { PLATFORM_IDS } from '../../shared/platforms/ids.js';
import type { PostingTimeDto, ScheduleOverviewDto } from '../../shared/schedule/schedule.js';

const PostingTimeSchema = z.object({
  id: z.string(),
  day: z.number().int().describe('0 = Sunday ... 6 = Saturday'),
  time: z.string().describe("'HH:MM' in the schedule's zone"),
}) satisfies z.ZodType<PostingTimeDto>;

export const ScheduleAnswer = z.object({
  schedule: z.object({
    id: z.string(),
    accountId: z.string().nullable().describe('null: the default schedule'),
    timezone: z.string(),
    timeFormat: z.enum(['12h', '24h']),
    times: z.array(PostingTimeSchema),
  }),
  customAccountIds: z.array(z.string()).describe('Connected accounts with their own schedule'),
}) satisfies z.ZodType<ScheduleOverviewDto>;

export const TimesAnswer = z.object({ times: z.array(PostingTimeSchema) });

export const RecommendationsAnswer = z.object({
  recommendations: z.array(
    z.object({
      accountId: z.string(),
      platform: z.enum(PLATFORM_IDS),
      accountName: z.string(),
      isGeneric: z.boolean().describe("true: the platform's general best times (too few posts of its own)"),
      confidenceLevel: z.number(),
      sampleSize: z.number().int(),
      slots: z.array(
        z.object({
          platform: z.enum(PLATFORM_IDS),
          dayOfWeek: z.number().int(),
          timeSlot: z.string().describe("'HH:00' in the user's zone"),
          engagementScore: z.number(),
          confidenceLevel: z.number(),
          isGeneric: z.boolean(),
        }),
      ),
    }),
  ),
});

export const NextSlotAnswer = z.object({ scheduledAt: z.string().describe('ISO time') });
