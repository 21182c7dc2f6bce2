import type { Context, MiddlewareHandler } from 'hono';
import {
  IMPORT_MESSAGES,
  type ImportPostsInput as ImportInput,
  ImportPostsInput,
  ImportQuery,
} from '../../shared/posts/import.js';
import { AppError } from '../core/errors.js';
import type { AppEnv } from '../http/types.js';
import { parseInput } from '../http/validate.js';

/** The options a JSON body carries itself: in its query they would be ignored, so they are refused. */
const BODY_OPTIONS = ['mode', 'spreadFrom', 'spreadTo', 'queueId'] as const;

function mediaTypeOf(c: Context<AppEnv>): { type: string; charset: string | null } {
  const [type = '', ...parameters] = (c.req.header('content-type') ?? '').split(';');
  const charset = parameters
    .map((parameter) => parameter.trim().split('='))
    .find(([name]) => name?.toLowerCase() === 'charset')?.[1];
  return {
    type: type.trim().toLowerCase(),
    charset: charset ? charset.replace(/"/g, '').toLowerCase() : null,
  };
}

/**
 * The import's two bodies. `text/csv`: the file itself (UTF-8), its options in the query; it is
 * answered by `run` here. JSON: passed on to the JSON validator, with only dryRun and progressId
 * allowed in the query. Any other type answers 415.
 */
export function importBody(
  run: (c: Context<AppEnv>, input: ImportInput, query: ImportQuery) => Promise<Response>,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const query = parseInput(ImportQuery, c.req.query());
    const { type, charset } = mediaTypeOf(c);
    if (type === 'application/json') {
      const misplaced = BODY_OPTIONS.find((name) => query[name] !== undefined);
      if (misplaced) {
        throw new AppError('validation_error', IMPORT_MESSAGES.optionsInBody(misplaced), {
          field: misplaced,
        });
      }
      return next();
    }
    if (type !== 'text/csv') throw new AppError('unsupported_media_type', IMPORT_MESSAGES.unsupportedType);
    if (charset && charset !== 'utf-8' && charset !== 'utf8' && charset !== 'us-ascii') {
      throw new AppError('unsupported_media_type', IMPORT_MESSAGES.notUtf8);
    }
    const csv = await c.req.text();
    const { progressId: _progressId, ...options } = query;
    const input = parseInput(ImportPostsInput, { ...options, dryRun: query.dryRun ?? false, csv });
    return run(c, input, query);
  };
}
