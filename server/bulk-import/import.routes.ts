import { type Context, Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import type { z } from 'zod';
import {
  IMPORT_MAX_CSV_CHARS,
  ImportPostsInput,
  ImportQuery,
  ImportResultSchema,
} from '../../shared/posts/import.js';
import { ApiError as ApiErrorSchema } from '../http/openapi-responses.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { validate } from '../http/validate.js';
import { importBody } from './import-body.js';
import { importPosts } from './import-posts.js';
import { importProgressReporter } from './import-progress.js';

const json = (schema: z.ZodType) => ({ 'application/json': { schema: resolver(schema) } });

async function runImport(c: Context<AppEnv>, input: ImportPostsInput, query: ImportQuery) {
  const { deps } = c.var;
  const userId = currentUser(c).id;
  const progressId = input.progressId ?? query.progressId;
  const onProgress = progressId ? importProgressReporter(deps, userId, progressId) : undefined;
  const dryRun = input.dryRun || query.dryRun === true;
  return c.json(await importPosts(deps, userId, { ...input, dryRun }, { onProgress }));
}

/** `/api/posts/import`: plan many posts in one request (issue 28). */
export function createImportRoutes() {
  return new Hono<AppEnv>().use('*', requireAuth).post(
    '/',
    describeRoute({
      tags: ['posts'],
      security: [{ cookie: [] }, { bearer: [] }],
      summary: 'Import up to 1,000 posts from a CSV or JSON rows, checked like the composer',
      description:
        'Send JSON with `csv` (the file as text) or `rows` (the same columns as JSON), or send the file itself ' +
        'as the body with `Content-Type: text/csv` (UTF-8) and the options in the query. Columns: text, ' +
        'accounts, time, media_urls, link; `,` or `;` separated, quoted cells may hold commas and newlines. ' +
        "accounts: `;`-separated handles or names of the user's connected accounts. time: ISO 8601 with an " +
        "offset, or a local time in the user's zone ('2026-04-01 09:00', 'Apr 1, 2026 9:00 AM'), or empty. " +
        "mode: keep (each row's time; empty: the account's next free posting time), slots (the posting " +
        "schedule's free times in row order), spread (evenly from spreadFrom to spreadTo, local times) or " +
        'queue (items of queueId). With dryRun (body or query) nothing is saved and the answer lists every ' +
        'row per account with its problems. Otherwise any problem refuses the whole import (400, the preview ' +
        'in details.result); media are fetched through the same guard as POST /api/media/from-url, and every ' +
        'row is saved in one transaction, after which the live stream (GET /api/events) receives one ' +
        '`posts.changed` event. With a progressId, the live stream also receives `import.progress` events ' +
        '(`{ progressId, phase: "media" | "saving", done, total }`) while the import runs; the answer is ' +
        'the same JSON either way.',
      requestBody: {
        required: true,
        content: {
          // Listed first, as the usual body; the JSON validator below fills in its schema.
          ...json(ImportPostsInput),
          'text/csv': {
            schema: {
              type: 'string',
              maxLength: IMPORT_MAX_CSV_CHARS,
              description: 'The CSV file, UTF-8 (a byte-order mark is fine); options as query parameters.',
            },
          },
        },
      },
      responses: {
        200: { description: 'The preview (dryRun) or the saved import', content: json(ImportResultSchema) },
        400: {
          description:
            'validation_error: an unreadable file, over 1,000 rows, a bad option, or rows with problems',
          content: json(ApiErrorSchema),
        },
        401: { description: 'not_authenticated', content: json(ApiErrorSchema) },
        404: { description: "not_found: the queue is not the user's", content: json(ApiErrorSchema) },
        409: { description: 'conflict: the queue filled up meanwhile', content: json(ApiErrorSchema) },
        413: {
          description: 'payload_too_large: the body is over 8 MB, or the media quota is full',
          content: json(ApiErrorSchema),
        },
        415: {
          description: 'unsupported_media_type: the body is neither application/json nor UTF-8 text/csv',
          content: json(ApiErrorSchema),
        },
      },
    }),
    validate('query', ImportQuery),
    importBody(runImport),
    validate('json', ImportPostsInput),
    async (c) => runImport(c, c.req.valid('json'), c.req.valid('query')),
  );
}
