import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { MediaFromUrlInput } from '../../shared/media/from-url.js';
import { POST_MESSAGES } from '../../shared/posts/api.js';
import { AppError } from '../core/errors.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { validate } from '../http/validate.js';
import { deleteMedia } from './delete-media.js';
import { findMediaById, findMediaForUser } from './media.repository.js';
import { checkPublicMediaSignature } from './public-media-url.js';
import { mediaResponse } from './serve-media.js';
import { uploadFromUrl } from './upload-from-url.js';
import { uploadMedia } from './upload-media.js';

/** `/api/media`: upload (multipart, streamed), owner reads with Range, delete, and signed public reads. */
export function createMediaRoutes() {
  return (
    new Hono<AppEnv>()
      // Platforms fetch this address without a session: the signature and expiry are the access check.
      .get(
        '/public/:id',
        describeRoute({ tags: ['media'], summary: 'Read media through a signed, expiring address' }),
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
          tags: ['media'],
          summary: 'Upload a file (multipart: platform?, postType?, pasted?, then file)',
        }),
        async (c) => {
          const media = await uploadMedia(c.var.deps, currentUser(c).id, c.req.raw);
          return c.json({ media }, 201);
        },
      )
      .post(
        '/from-url',
        describeRoute({ tags: ['media'], summary: 'Fetch an http(s) image or video into the media library' }),
        validate('json', MediaFromUrlInput),
        async (c) => {
          const media = await uploadFromUrl(c.var.deps, currentUser(c).id, c.req.valid('json').url);
          return c.json({ media }, 201);
        },
      )
      .get('/:id', describeRoute({ tags: ['media'], summary: "Read one of the user's files" }), async (c) => {
        const media = await findMediaForUser(c.var.deps.db, currentUser(c).id, c.req.param('id'));
        if (!media) throw new AppError('not_found', POST_MESSAGES.mediaNotFound);
        return mediaResponse(c.var.deps, media, c.req.header('range'), 'private, max-age=3600');
      })
      .delete('/:id', describeRoute({ tags: ['media'], summary: 'Delete an unattached file' }), async (c) =>
        c.json(await deleteMedia(c.var.deps, currentUser(c).id, c.req.param('id'))),
      )
  );
}
