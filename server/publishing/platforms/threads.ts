import { graphJson } from '../../platforms/meta-graph.js';
import { PlatformError } from '../../platforms/platform-error.js';
import type {
  PlatformAdapter,
  PublishContext,
  PublishMedia,
  ReconcileQuery,
  ReconcileResult,
} from '../platform-adapter.js';
import { asString, chainParts, donePartIds, normalizeText, parseJson, pollUntil } from './adapter-support.js';
import { bearer, containerStatusOf, findGraphPostByText, jsonPost } from './meta-graph-client.js';

/**
 * Threads (platform-apis.md section 6): a container per post (TEXT, IMAGE, VIDEO, or CAROUSEL with
 * its children), wait until FINISHED, threads_publish, then the permalink. A chain publishes each
 * next part with reply_to_id = the previous part, resuming after the parts already public.
 */
const GRAPH = 'https://graph.threads.net/v1.0';
const MAX_CONTAINER_WAIT_MS = 5 * 60_000;

/** Threads is not in spec 02's catalogue: the Instagram wording, with its platform name. */
function threadsErrorMessage(_status: number, body: string): string {
  if (!parseJson(body)) return 'Failed to process the request';
  return `Threads API error: ${body.trim()}`;
}

function userId(ctx: PublishContext): string {
  return asString(ctx.account.metadata.threadsUserId) ?? ctx.account.platformAccountId;
}

async function createContainer(ctx: PublishContext, params: Record<string, unknown>): Promise<string> {
  const body = await graphJson<{ id?: string }>(ctx, `${GRAPH}/${userId(ctx)}/threads`, {
    ...(await jsonPost(ctx, params)),
    mapError: threadsErrorMessage,
  });
  if (!body.id) throw new PlatformError('retryable', 'Threads API error: no container id returned');
  return body.id;
}

async function waitUntilFinished(ctx: PublishContext, containerId: string): Promise<void> {
  let wait = 250;
  await pollUntil(
    ctx,
    {
      maxWaitMs: MAX_CONTAINER_WAIT_MS,
      timeoutMessage: 'Threads is still processing the media. We will try again.',
    },
    async () => {
      const body = await graphJson<{ status?: string; error_message?: string }>(
        ctx,
        `${GRAPH}/${containerId}?fields=status,error_message`,
        { headers: await bearer(ctx), mapError: threadsErrorMessage },
      );
      if (body.status === 'FINISHED' || body.status === 'PUBLISHED') return { done: true, value: undefined };
      if (body.status === 'ERROR' || body.status === 'EXPIRED') {
        throw new PlatformError('permanent', `Threads API error: ${body.error_message ?? body.status}`);
      }
      wait = Math.min(wait * 2, 5000);
      return { done: false, waitMs: wait };
    },
  );
}

async function mediaParams(media: PublishMedia, altText: string | null): Promise<Record<string, unknown>> {
  if (media.kind === 'video') return { media_type: 'VIDEO', video_url: await media.publicUrl() };
  // Threads takes JPEG and PNG; anything else goes as a JPEG copy.
  const url =
    media.mimeType === 'image/jpeg' || media.mimeType === 'image/png'
      ? await media.publicUrl()
      : await media.publicJpegUrl();
  return { media_type: 'IMAGE', image_url: url, ...(altText ? { alt_text: altText } : {}) };
}

async function createPartContainer(
  ctx: PublishContext,
  part: { content: string; media: PublishMedia[] },
  replyTo: string | null,
  altText: string | null,
): Promise<string> {
  const common = { text: part.content, ...(replyTo ? { reply_to_id: replyTo } : {}) };
  if (part.media.length === 0) return createContainer(ctx, { media_type: 'TEXT', ...common });
  if (part.media.length === 1) {
    return createContainer(ctx, {
      ...(await mediaParams(part.media[0] as PublishMedia, altText)),
      ...common,
    });
  }
  const children: string[] = [];
  for (const media of part.media) {
    children.push(
      await createContainer(ctx, { ...(await mediaParams(media, altText)), is_carousel_item: true }),
    );
  }
  for (const child of children) await waitUntilFinished(ctx, child);
  return createContainer(ctx, { media_type: 'CAROUSEL', children, ...common });
}

async function permalink(ctx: PublishContext, id: string): Promise<string | null> {
  try {
    const body = await graphJson<{ permalink?: string }>(ctx, `${GRAPH}/${id}?fields=id,permalink`, {
      headers: await bearer(ctx),
      mapError: threadsErrorMessage,
    });
    return body.permalink ? ctx.http.url(body.permalink) : null;
  } catch {
    return null;
  }
}

export const threadsAdapter: PlatformAdapter = {
  platform: 'threads',

  async publish(ctx, input) {
    const parts = chainParts(input);
    const altText = asString(input.metadata.alt_text);
    const ids = donePartIds(ctx);
    for (let index = ids.length; index < parts.length; index += 1) {
      const part = parts[index] as (typeof parts)[number];
      const container = await createPartContainer(
        ctx,
        part,
        ids[index - 1] ?? null,
        index === 0 ? altText : null,
      );
      await waitUntilFinished(ctx, container);
      // A container is published at most once: after a lost answer its status tells.
      await ctx.remember?.({ threadsContainer: { part: index, id: container } });
      const body = await graphJson<{ id?: string }>(
        ctx,
        `${GRAPH}/${userId(ctx)}/threads_publish?creation_id=${encodeURIComponent(container)}`,
        { method: 'POST', headers: await bearer(ctx), commit: true, mapError: threadsErrorMessage },
      );
      if (!body.id) throw new PlatformError('permanent', 'Threads API error: no post id returned');
      ids.push(body.id);
      // Recorded at once: a retry continues after the last public part instead of repeating it.
      await ctx.saveProgress({ parts: [...ids] });
    }
    const first = ids[0];
    if (!first) throw new PlatformError('permanent', 'Threads API error: no post id returned');
    return { platformPostId: first, url: await permalink(ctx, first) };
  },

  async postUrl(ctx, platformPostId) {
    return permalink(ctx, platformPostId);
  },

  // Meta publishes no figure; a profile's threads usually list a new post within seconds.
  visibilityDelayMs: 30_000,

  async reconcile(ctx, input, query): Promise<ReconcileResult> {
    const part = chainParts(input)[query.part];
    const remembered = ctx.progress.threadsContainer as { part?: unknown; id?: unknown } | undefined;
    const container = remembered?.part === query.part ? asString(remembered.id) : null;
    if (container) {
      const status = await containerStatusOf(ctx, `${GRAPH}/${container}`, 'status', threadsErrorMessage);
      if (status === null) return { status: 'unknowable' };
      if (status !== 'PUBLISHED') return { status: 'absent' };
    }
    const text = part ? normalizeText(part.content) : '';
    const found = text ? await findOnProfile(ctx, text, query) : null;
    if (found) return { status: 'found', ...found };
    if (container) return { status: 'published' };
    return text ? { status: 'absent' } : { status: 'unknowable' };
  },
};

/**
 * The profile's threads (its replies, for the later parts of a chain) since just before the
 * request may have left, matched by text (and by the part it replies to).
 */
function findOnProfile(ctx: PublishContext, text: string, query: ReconcileQuery) {
  return findGraphPostByText<{ replied_to?: { id?: string } }>(ctx, {
    url: `${GRAPH}/${userId(ctx)}/${query.replyTo ? 'replies' : 'threads'}`,
    textField: 'text',
    linkField: 'permalink',
    fields: 'id,text,timestamp,permalink,replied_to',
    text,
    query,
    mapError: threadsErrorMessage,
    accept: (item) => !query.replyTo || item.replied_to?.id === query.replyTo,
  });
}
