import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import type { z } from 'zod';
import { ImportPostsInput, ImportQuery, ImportResultSchema } from '../../shared/posts/import.js';
import { ApiError as ApiErrorSchema } from '../http/openapi-responses.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { validate } from '../http/validate.js';
import { importPosts } from './import-posts.js';

const json = (schema: z.ZodType) => ({ 'application/json': { schema: resolver(schema) } });

/** `/api/posts/import`: plan many posts in one request (issue 28). */
export function createImportRoutes() {
  return new Hono<AppEnv>().use('*', requireAuth).post(
    '/',
    describeRoute({
      tags: ['posts'],
      security: [{ cookie: [] }, { bearer: [] }],
      summary: 'Import up to 1,000 posts from a CSV or JSON rows, checked like the composer',
      description:
        'Send `csv` (the file as text: columns text, accounts, time, media_urls, link; `,` or `;` separated, ' +
        'quoted cells may hold commas and newlines) or `rows` (the same columns as JSON). accounts: `;`-separated ' +
        "handles or names of the user's connected accounts. time: ISO 8601 with an offset, or a local time in the " +
        "user's zone ('2026-04-01 09:00', 'Apr 1, 2026 9:00 AM'), or empty. mode: keep (each row's time; empty: the " +
        "account's next free posting time), slots (the posting schedule's free times in row order), spread " +
        '(evenly from spreadFrom to spreadTo, local times) or queue (items of queueId). With dryRun (body or ' +
        'query) nothing is saved and the answer lists every row per account with its problems. Otherwise any ' +
        'problem refuses the whole import (400, the preview in details.result); media are fetched through the ' +
        'same guard as POST /api/media/from-url, and every row is saved in one transaction.',
      responses: {
        200: { description: 'The preview (dryRun) or the saved import', content: json(ImportResultSchema) },
        400: {
          description: 'validation_error: an unreadable file, over 1,000 rows, or rows with problems',
          content: json(ApiErrorSchema),
        },
        401: { description: 'not_authenticated', content: json(ApiErrorSchema) },
        404: { description: "not_found: the queue is not the user's", content: json(ApiErrorSchema) },
        409: { description: 'conflict: the queue filled up meanwhile', content: json(ApiErrorSchema) },
        413: { description: 'payload_too_large: the media quota is full', content: json(ApiErrorSchema) },
      },
    }),
    validate('query', ImportQuery),
    validate('json', ImportPostsInput),
    async (c) => {
      const input = c.req.valid('json');
      const dryRun = input.dryRun || c.req.valid('query').dryRun === true;
      return c.json(await importPosts(c.var.deps, currentUser(c).id, { ...input, dryRun }));
    },
  );
}
