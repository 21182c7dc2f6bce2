import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import { MediaFromUrlInput } from '../../shared/media/from-url.js';
import { POST_MESSAGES } from '../../shared/posts/api.js';
import { MediaSchema } from '../../shared/posts/post-schemas.js';
import { AppError } from '../core/errors.js';
import {
  errorResponse,
  errorResponses,
  jsonResponse,
  MessageAnswer,
  otherResponse,
  PUBLIC,
  reply,
} from '../http/openapi-responses.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { validate } from '../http/validate.js';
import { deleteMedia } from './delete-media.js';
import { findMediaById, findMediaForUser } from './media.repository.js';
import { checkPublicMediaSignature } from './public-media-url.js';
import { mediaResponse } from './serve-media.js';
import { uploadFromUrl } from './upload-from-url.js';
import { uploadMedia } from './upload-media.js';

const tags = ['media'];
const MediaAnswer = z.object({ media: MediaSchema });
/** A file with Range support: 206 for a range, 416 for one past the end. */
const fileResponses = {
  ...otherResponse(200, 'The file', 'application/octet-stream'),
  ...otherResponse(206, 'The asked range of the file', 'application/octet-stream'),
  ...otherResponse(416, 'The range is past the end of the file'),
};
/** 400: not a media file or a refused address; 413: over its platform's cap or the quota. */
const uploadRefusals = errorResponses(400, 413, 415);

/** `/api/media`: upload (multipart, streamed), owner reads with Range, delete, and signed public reads. */
export function createMediaRoutes() {
  return (
    new Hono<AppEnv>()
      // Platforms fetch this address without a session: the signature and expiry are the access check.
      .get(
        '/public/:id',
        describeRoute({
          tags,
          summary: 'Read media through a signed, expiring address',
          security: PUBLIC,
          parameters: [
            { name: 'expires', in: 'query', required: true, schema: { type: 'string' } },
            { name: 'signature', in: 'query', required: true, schema: { type: 'string' } },
          ],
          responses: {
            ...fileResponses,
            ...errorResponse(403, 'forbidden: the address has expired'),
            ...errorResponse(404, 'not_found: no such file, or a wrong signature'),
          },
        }),
        async (c) => {
          const deps = c.var.deps;
          const id = c.req.param('id');
          const check = checkPublicMediaSignature(deps, id, c.req.query('expires'), c.req.query('signature'));
          if (check === 'expired') throw new AppError('forbidden', 'This media address has expired.');
          const media = check === 'valid' ? await findMediaById(deps.db, id) : undefined;
          if (!media) throw new AppError('not_found', POST_MESSAGES.mediaNotFound);
          return mediaResponse(deps, media, c.req.header('range'), 'public, max-age=3600');
        },
      )
      .use('*', requireAuth)
      .post(
        '/',
        describeRoute({
          tags,
          summary: 'Upload a file (multipart: platform?, postType?, pasted?, then file)',
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['file'],
                  properties: {
                    platform: { type: 'string' },
                    postType: { type: 'string' },
                    pasted: { type: 'string' },
                    file: { type: 'string', format: 'binary' },
                  },
                },
              },
            },
          },
          responses: { ...jsonResponse(MediaAnswer, '{ media }', 201), ...uploadRefusals },
        }),
        async (c) => {
          const media = await uploadMedia(c.var.deps, currentUser(c).id, c.req.raw);
          return reply(c, MediaAnswer, { media }, 201);
        },
      )
      .post(
        '/from-url',
        describeRoute({
          tags,
          summary: 'Fetch an http(s) image or video into the media library',
          responses: {
            ...jsonResponse(MediaAnswer, '{ media }', 201),
            ...uploadRefusals,
          },
        }),
        validate('json', MediaFromUrlInput),
        async (c) => {
          const media = await uploadFromUrl(c.var.deps, currentUser(c).id, c.req.valid('json').url);
          return reply(c, MediaAnswer, { media }, 201);
        },
      )
      .get(
        '/:id',
        describeRoute({
          tags,
          summary: "Read one of the user's files",
          responses: { ...fileResponses, ...errorResponses(404) },
        }),
        async (c) => {
          const media = await findMediaForUser(c.var.deps.db, currentUser(c).id, c.req.param('id'));
          if (!media) throw new AppError('not_found', POST_MESSAGES.mediaNotFound);
          return mediaResponse(c.var.deps, media, c.req.header('range'), 'private, max-age=3600');
        },
      )
      .delete(
        '/:id',
        describeRoute({
          tags,
          summary: 'Delete an unattached file',
          responses: {
            ...jsonResponse(MessageAnswer, '{ message }'),
            ...errorResponses(404),
            ...errorResponse(409, 'conflict: a post still uses the file'),
          },
        }),
        async (c) =>
          reply(c, MessageAnswer, await deleteMedia(c.var.deps, currentUser(c).id, c.req.param('id'))),
      )
  );
}
