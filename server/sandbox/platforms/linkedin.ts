import { isListed } from '../sandbox-state.js';
import type {
  PublishedMedia,
  SandboxApp,
  SandboxContext,
  SandboxContextC,
  SandboxPlatformModule,
  TokenRecord,
} from '../sandbox-types.js';
import { LINKEDIN_DEMO_MEMBER, linkedinMemberName, registerLinkedinAuth } from './linkedin-auth.js';
import { demoMetric } from './shared.js';

type AssetKind = 'image' | 'video' | 'document';

interface LinkedinAsset {
  urn: string;
  kind: AssetKind;
  owner: string;
  size: number;
  parts: { firstByte: number; lastByte: number; etag?: string }[];
  uploadToken: string;
  /** Virtual ms the upload finished (images, documents) or finalize was accepted (videos). */
  completedAt: number | null;
}

const VIDEO_PART_BYTES = 4 * 1024 * 1024;
const COMMENTARY_MAX = 3000;
const VISIBILITIES = ['PUBLIC', 'CONNECTIONS', 'LOGGED_IN', 'CONTAINER'];

interface LinkedinPost {
  id: string;
  author: string;
  commentary: string;
  visibility: string;
  content: Record<string, unknown> | null;
  createdAt: number;
}

function store(ctx: SandboxContext) {
  return ctx.store('linkedin', () => ({
    assets: new Map<string, LinkedinAsset>(),
    /** `${author}\n${commentary}`: LinkedIn refuses an identical post. */
    commentaries: new Map<string, string>(),
    posts: new Map<string, LinkedinPost>(),
  }));
}

/** LinkedIn API errors: { message, serviceErrorCode, status } (plus `code` on some). */
function liError(
  c: SandboxContextC,
  status: number,
  message: string,
  serviceErrorCode: number,
  code?: string,
) {
  return c.json({ message, serviceErrorCode, status, ...(code ? { code } : {}) }, status as 400);
}

function authenticate(c: SandboxContextC, ctx: SandboxContext): TokenRecord | Response {
  const auth = ctx.authenticate(c, 'linkedin');
  if (auth.ok) return auth.token;
  if (auth.reason === 'expired') {
    return liError(c, 401, 'The token used in the request has expired', 65601, 'EXPIRED_ACCESS_TOKEN');
  }
  if (auth.reason === 'missing') return liError(c, 401, 'Empty oauth2_access_token', 401);
  return liError(c, 401, 'Invalid access token', 65600, 'INVALID_ACCESS_TOKEN');
}

/** Versions are YYYYMM (optionally .RR) and are sunset after about a year. */
function versionError(c: SandboxContextC, ctx: SandboxContext): Response | null {
  const version = c.req.header('linkedin-version');
  if (!version) {
    return liError(
      c,
      400,
      'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
      400,
      'VERSION_MISSING',
    );
  }
  const match = /^(\d{4})(\d{2})(?:\.\d{2})?$/.exec(version.trim());
  const now = new Date(ctx.now());
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const requested = match ? Number(match[1]) * 12 + Number(match[2]) - 1 : Number.NaN;
  const valid = match && Number(match[2]) >= 1 && Number(match[2]) <= 12;
  if (!valid || requested > current || current - requested > 12) {
    return liError(c, 426, `Requested version ${version} is not active`, 426, 'NONEXISTENT_VERSION');
  }
  if (c.req.header('x-restli-protocol-version') !== '2.0.0') {
    return liError(c, 400, 'The X-Restli-Protocol-Version header must be 2.0.0', 400, 'ILLEGAL_ARGUMENT');
  }
  return null;
}

function assetStatus(ctx: SandboxContext, asset: LinkedinAsset): string {
  if (asset.completedAt === null) return 'WAITING_UPLOAD';
  if (asset.kind === 'video' && ctx.now() - asset.completedAt < ctx.state.settings.containerDelayMs)
    return 'PROCESSING';
  return 'AVAILABLE';
}

function memberUrn(token: TokenRecord): string {
  return `urn:li:person:${token.accountId}`;
}

function uploadUrl(ctx: SandboxContext, asset: LinkedinAsset, part: number): string {
  const id = asset.urn.split(':').pop();
  return ctx.publicUrl(
    'www.linkedin.com',
    `dms-uploads/sp/v2/${asset.kind}/${id}/${part}?ut=${asset.uploadToken}`,
  );
}

function registerLinkedinApi(app: SandboxApp, ctx: SandboxContext): void {
  app.get('/api.linkedin.com/v2/userinfo', (c) => {
    const token = authenticate(c, ctx);
    if (token instanceof Response) return token;
    return c.json({
      sub: token.accountId,
      email_verified: true,
      name: linkedinMemberName(),
      locale: { country: 'US', language: 'en' },
      given_name: LINKEDIN_DEMO_MEMBER.givenName,
      family_name: LINKEDIN_DEMO_MEMBER.familyName,
      email: LINKEDIN_DEMO_MEMBER.email,
      picture: ctx.avatarUrl(c, 'linkedin'),
    });
  });

  app.get('/api.linkedin.com/v2/me', (c) => {
    const token = authenticate(c, ctx);
    if (token instanceof Response) return token;
    return c.json({
      id: token.accountId,
      localizedFirstName: LINKEDIN_DEMO_MEMBER.givenName,
      localizedLastName: LINKEDIN_DEMO_MEMBER.familyName,
      vanityName: 'maya-rahman-demo',
    });
  });

  app.use('/api.linkedin.com/rest/*', async (c, next) => {
    const failure = versionError(c, ctx);
    if (failure) return failure;
    await next();
  });

  for (const kind of ['images', 'videos', 'documents'] as const) {
    app.post(`/api.linkedin.com/rest/${kind}`, async (c) => {
      const token = authenticate(c, ctx);
      if (token instanceof Response) return token;
      const action = c.req.query('action');
      if (kind === 'videos' && action === 'finalizeUpload') return finalizeVideo(c, ctx, token);
      if (action !== 'initializeUpload') return liError(c, 400, `Unsupported action ${action ?? ''}`, 100);
      const body = (await ctx.readJson<{ initializeUploadRequest?: Record<string, unknown> }>(c)) ?? {};
      const request = body.initializeUploadRequest;
      if (!request || typeof request.owner !== 'string') {
        return liError(
          c,
          422,
          'ERROR :: /initializeUploadRequest/owner :: field is required but not found',
          100,
        );
      }
      if (request.owner !== memberUrn(token)) {
        return liError(c, 403, `Not enough permissions to upload on behalf of ${request.owner}`, 100);
      }
      const singular = kind.slice(0, -1) as AssetKind;
      const asset: LinkedinAsset = {
        urn: `urn:li:${singular}:${ctx.randomToken(12).replace(/[-_]/g, 'x')}`,
        kind: singular,
        owner: request.owner,
        size: 0,
        parts: [],
        uploadToken: ctx.randomToken(16),
        completedAt: null,
      };
      const expiresAt = ctx.now() + 24 * 3600 * 1000;
      if (singular !== 'video') {
        asset.parts = [{ firstByte: 0, lastByte: -1 }];
        store(ctx).assets.set(asset.urn, asset);
        return c.json({
          value: {
            uploadUrlExpiresAt: expiresAt,
            uploadUrl: uploadUrl(ctx, asset, 0),
            [singular]: asset.urn,
          },
        });
      }
      const size = request.fileSizeBytes;
      if (typeof size !== 'number' || !Number.isInteger(size) || size <= 0) {
        return liError(
          c,
          422,
          'ERROR :: /initializeUploadRequest/fileSizeBytes :: field is required but not found',
          100,
        );
      }
      asset.size = size;
      for (let first = 0; first < size; first += VIDEO_PART_BYTES) {
        asset.parts.push({ firstByte: first, lastByte: Math.min(first + VIDEO_PART_BYTES, size) - 1 });
      }
      store(ctx).assets.set(asset.urn, asset);
      return c.json({
        value: {
          uploadUrlsExpireAt: expiresAt,
          video: asset.urn,
          uploadInstructions: asset.parts.map((p, i) => ({
            uploadUrl: uploadUrl(ctx, asset, i),
            firstByte: p.firstByte,
            lastByte: p.lastByte,
          })),
          uploadToken: asset.uploadToken,
        },
      });
    });

    app.get(`/api.linkedin.com/rest/${kind}/:urn`, (c) => {
      const token = authenticate(c, ctx);
      if (token instanceof Response) return token;
      const asset = store(ctx).assets.get(c.req.param('urn'));
      if (!asset || asset.owner !== memberUrn(token)) return liError(c, 404, 'Not Found', 404);
      const status = assetStatus(ctx, asset);
      return c.json({
        owner: asset.owner,
        id: asset.urn,
        status,
        ...(status === 'AVAILABLE'
          ? { downloadUrl: ctx.publicUrl('media.licdn.com', `dms/${asset.kind}/${asset.urn}`) }
          : {}),
        ...(asset.kind === 'video' ? { duration: 0, aspectRatioWidth: 16, aspectRatioHeight: 9 } : {}),
      });
    });
  }

  app.put('/www.linkedin.com/dms-uploads/sp/v2/:kind/:id/:part', async (c) => {
    const kind = c.req.param('kind') as AssetKind;
    const asset = store(ctx).assets.get(`urn:li:${kind}:${c.req.param('id')}`);
    const part = asset?.parts[Number(c.req.param('part'))];
    if (!asset || !part || c.req.query('ut') !== asset.uploadToken) return c.text('Not Found', 404);
    if (asset.kind !== 'video') {
      // Image and document upload URLs need the member's token, like the real ones.
      const token = authenticate(c, ctx);
      if (token instanceof Response) return token;
    }
    const bytes = (await c.req.arrayBuffer()).byteLength;
    if (asset.kind !== 'video') {
      if (bytes === 0) return c.text('Empty upload', 400);
      asset.size = bytes;
      asset.completedAt = ctx.now();
      return c.body(null, 201);
    }
    const expected = part.lastByte - part.firstByte + 1;
    if (bytes !== expected) return c.text(`Expected ${expected} bytes for this part, got ${bytes}`, 400);
    part.etag = `/ambry-video/signedId/${ctx.randomToken(18)}`;
    return c.body(null, 200, { etag: part.etag });
  });

  app.post('/api.linkedin.com/rest/posts', (c) => createPost(c, ctx));
  app.get('/api.linkedin.com/rest/posts', (c) => findPostsByAuthor(c, ctx));

  app.post('/api.linkedin.com/rest/socialActions/:urn/comments', async (c) => {
    const token = authenticate(c, ctx);
    if (token instanceof Response) return token;
    const target = c.req.param('urn');
    if (!store(ctx).posts.has(target)) return liError(c, 404, `Post ${target} not found`, 404);
    const body = (await ctx.readJson<{ actor?: string; message?: { text?: string } }>(c)) ?? {};
    if (body.actor !== memberUrn(token))
      return liError(c, 403, 'Not enough permissions to comment as this actor', 100);
    const text = body.message?.text;
    if (typeof text !== 'string' || !text)
      return liError(c, 422, 'ERROR :: /message/text :: field is required', 100);
    const id = ctx.numericId();
    const urn = `urn:li:comment:(${target},${id})`;
    ctx.recordPost({
      platform: 'linkedin',
      id: urn,
      accountId: token.accountId,
      accountName: linkedinMemberName(),
      text,
      type: 'comment',
      media: [],
      replyToId: target,
      permalink: ctx.publicUrl(
        'www.linkedin.com',
        `feed/update/${target}?commentUrn=${encodeURIComponent(urn)}`,
      ),
    });
    c.header('x-restli-id', urn);
    return c.json({ actor: body.actor, object: target, message: { text }, id, $URN: urn }, 201);
  });

  // Social action counts of a post (likes and comments), growing with its age. Like LinkedIn,
  // reading them needs r_member_social for a member's post (r_organization_social for a page's):
  // restricted permissions a token without them is refused with 403.
  app.get('/api.linkedin.com/rest/socialActions/:urn', (c) => {
    const token = authenticate(c, ctx);
    if (token instanceof Response) return token;
    const target = c.req.param('urn');
    const post = ctx.findPost('linkedin', target);
    const stored = store(ctx).posts.get(target);
    if (!stored || !post) return liError(c, 404, `Post ${target} not found`, 404);
    const permission = stored.author.startsWith('urn:li:organization:')
      ? 'r_organization_social'
      : 'r_member_social';
    if (!token.scopes.includes(permission)) {
      return liError(
        c,
        403,
        `Not enough permissions to access: socialActions.GET.${c.req.header('linkedin-version')}`,
        100,
        'ACCESS_DENIED',
      );
    }
    const likes = demoMetric(`${target}:likes`, post.createdAt, ctx.now(), 6);
    const comments = demoMetric(`${target}:comments`, post.createdAt, ctx.now(), 2);
    return c.json({
      target,
      likesSummary: { totalLikes: likes, aggregatedTotalLikes: likes, likedByCurrentUser: false },
      commentsSummary: { totalFirstLevelComments: comments, aggregatedTotalComments: comments },
    });
  });

  app.get('/www.linkedin.com/feed/update/:urn', (c) =>
    ctx.renderPostPage(c, ctx.findPost('linkedin', c.req.param('urn'))),
  );
}

async function finalizeVideo(c: SandboxContextC, ctx: SandboxContext, token: TokenRecord): Promise<Response> {
  const body =
    (await ctx.readJson<{
      finalizeUploadRequest?: { video?: string; uploadToken?: string; uploadedPartIds?: unknown };
    }>(c)) ?? {};
  const request = body.finalizeUploadRequest;
  const asset = request?.video ? store(ctx).assets.get(request.video) : undefined;
  if (!request || !asset || asset.kind !== 'video' || asset.owner !== memberUrn(token)) {
    return liError(c, 404, 'Video not found', 404);
  }
  if ((request.uploadToken ?? '') !== asset.uploadToken) return liError(c, 400, 'Invalid upload token', 400);
  const etags = asset.parts.map((p) => p.etag);
  const sent = Array.isArray(request.uploadedPartIds) ? request.uploadedPartIds : [];
  if (etags.some((e) => !e) || sent.length !== etags.length || sent.some((id, i) => id !== etags[i])) {
    return liError(c, 400, 'The uploadedPartIds do not match the uploaded parts (ETags, in order)', 400);
  }
  if (asset.completedAt === null) asset.completedAt = ctx.now();
  return c.body(null, 200);
}

/**
 * `GET /rest/posts?q=author&author=<urn>`: the author's posts, newest first, `count` (at most
 * 100) from `start`. Reading a member's posts needs the restricted `r_member_social` permission
 * (an organization's, `r_organization_social`); LinkedIn grants it to few apps, and refuses
 * everyone else with 403. A new post shows once listDelayMs has passed.
 */
function findPostsByAuthor(c: SandboxContextC, ctx: SandboxContext): Response {
  const token = authenticate(c, ctx);
  if (token instanceof Response) return token;
  const query = c.req.query();
  if (query.q !== 'author')
    return liError(c, 400, 'Unsupported finder: use q=author', 400, 'ILLEGAL_ARGUMENT');
  const author = query.author;
  if (!author) return liError(c, 400, 'The author parameter is required', 400, 'ILLEGAL_ARGUMENT');
  const permission = author.startsWith('urn:li:organization:') ? 'r_organization_social' : 'r_member_social';
  if (
    !token.scopes.includes(permission) ||
    (permission === 'r_member_social' && author !== memberUrn(token))
  ) {
    return liError(
      c,
      403,
      `Not enough permissions to access: partnerApiPostsExternal.FINDER-author.${c.req.header('linkedin-version')}`,
      100,
      'ACCESS_DENIED',
    );
  }
  const count = query.count === undefined ? 10 : Number(query.count);
  const start = query.start === undefined ? 0 : Number(query.start);
  if (!Number.isInteger(count) || count < 1 || count > 100 || !Number.isInteger(start) || start < 0) {
    return liError(c, 400, 'count must be 1-100 and start a non-negative integer', 400, 'ILLEGAL_ARGUMENT');
  }
  const now = ctx.now();
  const posts = [...store(ctx).posts.values()]
    .filter((post) => post.author === author && isListed(ctx.state.settings, post.createdAt, now))
    .reverse();
  const elements = posts.slice(start, start + count).map((post) => ({
    id: post.id,
    author: post.author,
    commentary: post.commentary,
    visibility: post.visibility,
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
    createdAt: post.createdAt,
    publishedAt: post.createdAt,
    lastModifiedAt: post.createdAt,
    ...(post.content ? { content: post.content } : {}),
  }));
  return c.json({ paging: { start, count, links: [], total: posts.length }, elements });
}

async function createPost(c: SandboxContextC, ctx: SandboxContext): Promise<Response> {
  const token = authenticate(c, ctx);
  if (token instanceof Response) return token;
  const body = await ctx.readJson<Record<string, unknown>>(c);
  if (!body || typeof body !== 'object') return liError(c, 400, 'Request body is not valid JSON', 400);
  const author = body.author;
  if (typeof author !== 'string')
    return liError(c, 422, 'ERROR :: /author :: field is required but not found', 100);
  if (author !== memberUrn(token)) {
    return liError(
      c,
      403,
      `Not enough permissions to access: partnerApiPostsExternal.CREATE for ${author}`,
      100,
    );
  }
  const commentary = typeof body.commentary === 'string' ? body.commentary : '';
  if (commentary.length > COMMENTARY_MAX) {
    return liError(
      c,
      422,
      `ERROR :: /commentary :: length ${commentary.length} exceeds maximum of ${COMMENTARY_MAX}`,
      100,
    );
  }
  if (typeof body.visibility !== 'string' || !VISIBILITIES.includes(body.visibility)) {
    return liError(c, 422, 'ERROR :: /visibility :: field is required and must be a valid visibility', 100);
  }
  if (typeof body.distribution !== 'object' || body.distribution === null) {
    return liError(c, 422, 'ERROR :: /distribution :: field is required but not found', 100);
  }
  if (body.lifecycleState !== 'PUBLISHED') {
    return liError(c, 422, 'ERROR :: /lifecycleState :: must be PUBLISHED', 100);
  }
  const content = (body.content ?? null) as Record<string, Record<string, unknown>> | null;
  const media: PublishedMedia[] = [];
  let type = 'text';
  if (content) {
    const keys = Object.keys(content);
    if (keys.length !== 1)
      return liError(c, 422, 'ERROR :: /content :: exactly one content type is allowed', 100);
    const mediaRefs: string[] = [];
    if (content.media) {
      mediaRefs.push(String(content.media.id ?? ''));
    } else if (content.multiImage) {
      const images = Array.isArray(content.multiImage.images) ? content.multiImage.images : [];
      if (images.length < 2 || images.length > 20) {
        return liError(
          c,
          422,
          'ERROR :: /content/multiImage/images :: between 2 and 20 images are required',
          100,
        );
      }
      for (const image of images) mediaRefs.push(String((image as { id?: unknown }).id ?? ''));
      type = 'carousel';
    } else if (content.article) {
      const source = content.article.source;
      if (typeof source !== 'string' || !/^https?:\/\//.test(source)) {
        return liError(c, 422, 'ERROR :: /content/article/source :: a valid URL is required', 100);
      }
      media.push({ kind: 'article', url: source });
      type = 'article';
    } else if (!content.poll) {
      return liError(c, 422, `ERROR :: /content :: unsupported content type ${keys[0]}`, 100);
    } else {
      type = 'poll';
    }
    for (const urn of mediaRefs) {
      const asset = store(ctx).assets.get(urn);
      if (!asset || asset.owner !== author)
        return liError(c, 422, `ERROR :: /content :: ${urn} not found`, 100);
      const status = assetStatus(ctx, asset);
      if (status !== 'AVAILABLE') {
        return liError(c, 422, `ERROR :: /content :: ${urn} is not AVAILABLE (status ${status})`, 100);
      }
      media.push({ kind: asset.kind, bytes: asset.size });
      if (type === 'text') type = asset.kind;
    }
  }
  if (!commentary && !content)
    return liError(c, 422, 'ERROR :: /commentary :: a post needs text or content', 100);
  const posts = store(ctx);
  const dedupeKey = `${author}\n${commentary}`;
  const duplicateOf = commentary ? posts.commentaries.get(dedupeKey) : undefined;
  if (duplicateOf) {
    return liError(c, 422, `Content is a duplicate of ${duplicateOf}`, 0, 'DUPLICATE_POST');
  }
  const urn = `urn:li:share:${ctx.numericId()}`;
  if (commentary) posts.commentaries.set(dedupeKey, urn);
  posts.posts.set(urn, {
    id: urn,
    author,
    commentary,
    visibility: body.visibility,
    content,
    createdAt: ctx.now(),
  });
  ctx.recordPost({
    platform: 'linkedin',
    id: urn,
    accountId: token.accountId,
    accountName: linkedinMemberName(),
    text: commentary,
    type,
    media,
    replyToId: null,
    permalink: ctx.publicUrl('www.linkedin.com', `feed/update/${urn}`),
  });
  return c.body(null, 201, { 'x-restli-id': urn, 'x-linkedin-id': urn });
}

export const linkedinModule: SandboxPlatformModule = {
  platform: 'linkedin',
  hosts: ['www.linkedin.com', 'api.linkedin.com'],
  register(app, ctx) {
    registerLinkedinAuth(app, ctx);
    registerLinkedinApi(app, ctx);
  },
};
