import { isListed } from '../sandbox-state.js';
import type { SandboxContext, SandboxContextC, SandboxPlatformModule } from '../sandbox-types.js';
import { handleFacebookInsights } from './facebook-insights.js';
import {
  createComment,
  createFeedPost,
  createPhoto,
  createPhotoStory,
  createVideo,
  uploadPhase,
} from './facebook-publish.js';
import {
  DEMO_PAGES,
  DEMO_USER,
  type FbObject,
  fbStore,
  pageById,
  pageObject,
  picture,
  requirePageToken,
  SHORT_LIVED_SECONDS,
} from './facebook-store.js';
import { handleRupload, videoStatus } from './facebook-video.js';
import {
  type GraphParams,
  graphError,
  graphPage,
  graphSegments,
  LONG_LIVED_SECONDS,
  missingParam,
  readGraphParams,
  requireGraphToken,
  selectFields,
  unsupportedRequest,
} from './meta-graph.js';
import { demoMetric } from './shared.js';

function objectFields(object: FbObject, ctx: SandboxContext) {
  return {
    id: object.id,
    message: object.message || undefined,
    description: object.kind === 'video' ? object.message : undefined,
    created_time: new Date(object.createdAt).toISOString().replace('.000Z', '+0000'),
    permalink_url:
      object.permalink ??
      (object.kind === 'photo' ? `https://www.facebook.com/photo/?fbid=${object.id}` : undefined),
    is_published: object.published,
    from: { id: object.pageId, name: pageById(object.pageId)?.name },
    status: object.video ? videoStatus(object.video, ctx) : undefined,
    post_id: object.postId,
    // `shares` and `comments.summary(true)`: counts that grow over the first days, like insights.
    shares: {
      count: demoMetric(`${object.id}:shares`, new Date(object.createdAt).toISOString(), ctx.now(), 1),
    },
    comments: {
      data: [],
      summary: {
        total_count: demoMetric(
          `${object.id}:comments`,
          new Date(object.createdAt).toISOString(),
          ctx.now(),
          2,
        ),
      },
    },
  };
}

async function handleGraph(c: SandboxContextC, ctx: SandboxContext): Promise<Response> {
  const segments = graphSegments(c, c.req.path.split('/')[1] ?? '');
  const input = await readGraphParams(c);
  if (segments[0] === 'oauth' && segments[1] === 'access_token') return handleAccessToken(c, ctx, input);
  const token = requireGraphToken(ctx, c, 'facebook', input);
  if (token instanceof Response) return token;
  const [first, edge] = segments;
  if (!first) return unsupportedRequest(c, c.req.method, '');
  const isUser = token.extra.kind !== 'page';
  const id = first === 'me' ? token.accountId : first;
  const method = c.req.method;
  const fields = input.params.fields;

  if (id === DEMO_USER.id && isUser) {
    if (!edge && method === 'GET') {
      const user = { id: DEMO_USER.id, name: DEMO_USER.name, picture: picture(c, ctx, DEMO_USER.name) };
      return c.json(selectFields(user, fields, ['name']));
    }
    if (edge === 'permissions' && method === 'GET') {
      return c.json({ data: token.scopes.map((permission) => ({ permission, status: 'granted' })) });
    }
    if (edge === 'accounts' && method === 'GET') {
      const data = DEMO_PAGES.map((page) =>
        selectFields(pageObject(c, ctx, page, token), fields, [
          'access_token',
          'category',
          'category_list',
          'name',
          'tasks',
        ]),
      );
      return c.json({ data, paging: { cursors: { before: 'QVFIUbefore', after: 'QVFIUafter' } } });
    }
    return unsupportedRequest(c, method, first);
  }

  const page = pageById(id);
  if (page) {
    if (!edge && method === 'GET')
      return c.json(selectFields(pageObject(c, ctx, page, token), fields, ['name']));
    if (edge === 'insights' && method === 'GET') return handleFacebookInsights(c, ctx, { page, input });
    if ((edge === 'published_posts' || edge === 'posts' || edge === 'feed') && method === 'GET') {
      const denied = requirePageToken(c, token, page.id);
      return denied ?? listPagePosts(c, ctx, page.id, input);
    }
    if (method !== 'POST') return unsupportedRequest(c, method, first);
    const denied = requirePageToken(c, token, page.id);
    if (denied) return denied;
    if (edge === 'feed') return createFeedPost(c, ctx, page.id, input);
    if (edge === 'photos') return createPhoto(c, ctx, page.id, input);
    if (edge === 'videos') return createVideo(c, ctx, page.id, input);
    if (edge === 'video_reels') return uploadPhase(c, ctx, page.id, input, 'reel');
    if (edge === 'video_stories') return uploadPhase(c, ctx, page.id, input, 'story');
    if (edge === 'photo_stories') return createPhotoStory(c, ctx, page.id, input);
    return unsupportedRequest(c, method, first);
  }

  const object = fbStore(ctx).objects.get(id);
  if (!object) return unsupportedRequest(c, method, first);
  if (!edge && method === 'GET')
    return c.json(selectFields(objectFields(object, ctx), fields, ['created_time', 'message']));
  if (edge === 'insights' && method === 'GET') return handleFacebookInsights(c, ctx, { object, input });
  if (edge === 'comments' && method === 'POST') return createComment(c, ctx, token, object, input);
  return unsupportedRequest(c, method, first);
}

/**
 * `GET /{page}/published_posts` (and `/feed`, `/posts`): the Page's published posts and videos,
 * newest first, `limit` (at most 100) a page with an `after` cursor, `since`/`until` in unix
 * seconds. A new post only shows once `listDelayMs` has passed, as Meta's read side lags too.
 */
function listPagePosts(c: SandboxContextC, ctx: SandboxContext, pageId: string, input: GraphParams) {
  const now = ctx.now();
  const posts = [...fbStore(ctx).objects.values()]
    .filter(
      (object) =>
        object.pageId === pageId &&
        object.published &&
        (object.kind === 'post' || (object.kind === 'video' && object.video?.purpose === 'video')) &&
        isListed(ctx.state.settings, object.createdAt, now),
    )
    .sort((a, b) => b.createdAt - a.createdAt);
  const page = graphPage(
    posts,
    input.params,
    (limit, after) =>
      `https://graph.facebook.com/v25.0/${pageId}/published_posts?limit=${limit}&after=${after}`,
  );
  if (!page) {
    return graphError(c, {
      code: 100,
      message: '(#100) since/until must be unix timestamps or dates, limit 1-100 and after a cursor',
    });
  }
  const data = page.data.map((object) =>
    selectFields(objectFields(object, ctx), input.params.fields, ['created_time', 'message']),
  );
  return c.json({ data, paging: page.paging });
}

function handleAccessToken(c: SandboxContextC, ctx: SandboxContext, input: GraphParams): Response {
  const { params } = input;
  const clientId = params.client_id;
  if (!clientId) return missingParam(c, 'client_id');
  if (!params.client_secret || !ctx.checkClient('facebook', clientId, params.client_secret)) {
    return graphError(c, { code: 1, message: 'Error validating client secret.' });
  }
  if (params.grant_type === 'fb_exchange_token') {
    const short = ctx.checkAccessToken('facebook', params.fb_exchange_token);
    if (!short.ok || short.token.extra.kind === 'page' || short.token.clientId !== clientId) {
      return graphError(c, { code: 190, message: 'Invalid OAuth access token - Cannot parse access token' });
    }
    const issued = ctx.issueTokens({
      platform: 'facebook',
      clientId,
      accountId: short.token.accountId,
      scopes: short.token.scopes,
      accessTtlSec: LONG_LIVED_SECONDS,
      extra: { kind: 'user', lived: 'long' },
    });
    return c.json({ access_token: issued.accessToken, token_type: 'bearer', expires_in: LONG_LIVED_SECONDS });
  }
  if (!params.code) return missingParam(c, 'code');
  const result = ctx.consumeCode('facebook', params.code, clientId, params.redirect_uri);
  if (!result.ok) {
    const messages = {
      invalid: { message: 'Invalid verification code format.' },
      used: { message: 'This authorization code has been used.', subcode: 36009 },
      expired: { message: 'This authorization code has expired.', subcode: 36007 },
      client_mismatch: { message: 'Error validating verification code: the code was issued to another app.' },
      redirect_mismatch: {
        message:
          'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        subcode: 36008,
      },
    } as const;
    const error: { message: string; subcode?: number } = messages[result.reason];
    return graphError(c, { code: 100, message: error.message, subcode: error.subcode });
  }
  const issued = ctx.issueTokens({
    platform: 'facebook',
    clientId,
    accountId: result.code.accountId,
    scopes: result.code.scopes,
    accessTtlSec: SHORT_LIVED_SECONDS,
    extra: { kind: 'user', lived: 'short' },
  });
  return c.json({ access_token: issued.accessToken, token_type: 'bearer', expires_in: SHORT_LIVED_SECONDS });
}

function handleWww(c: SandboxContextC, ctx: SandboxContext): Response | Promise<Response> {
  const segments = graphSegments(c, 'www.facebook.com');
  if (segments[0] === 'dialog' && segments[1] === 'oauth') {
    const query = c.req.query();
    const clientId = query.client_id ?? query.app_id;
    const redirectUri = query.redirect_uri;
    if (!clientId || !redirectUri) {
      return c.html('<p>Invalid request: client_id and redirect_uri are required.</p>', 400);
    }
    const scopes = (query.scope ?? 'public_profile').split(/[,\s]+/).filter(Boolean);
    return ctx.consent(c, {
      platform: 'facebook',
      platformName: 'Facebook',
      clientId,
      redirectUri,
      state: query.state,
      scopes,
      identity: { id: DEMO_USER.id, name: DEMO_USER.name, avatarUrl: ctx.avatarUrl(c, DEMO_USER.name) },
      approve: () =>
        ctx.issueCode({
          platform: 'facebook',
          clientId,
          redirectUri,
          scopes,
          accountId: DEMO_USER.id,
          ttlMs: 10 * 60 * 1000,
        }),
    });
  }
  // Public post addresses: /<page>/posts/<id>, /reel/<id>, /stories/<id>, /<page>/videos/<id>, /photo/?fbid=<id>.
  const store = fbStore(ctx);
  let id: string | undefined;
  if (segments[1] === 'posts' && segments[0] && segments[2]) id = `${segments[0]}_${segments[2]}`;
  else if ((segments[0] === 'reel' || segments[0] === 'stories') && segments[1]) id = segments.at(-1);
  else if (segments[1] === 'videos' && segments[2]) id = segments[2];
  else if (segments[0] === 'photo') id = store.objects.get(c.req.query('fbid') ?? '')?.postId;
  return ctx.renderPostPage(c, id ? ctx.findPost('facebook', id) : undefined);
}

export const facebookModule: SandboxPlatformModule = {
  platform: 'facebook',
  hosts: ['www.facebook.com', 'graph.facebook.com', 'graph-video.facebook.com', 'rupload.facebook.com'],
  register(app, ctx) {
    app.all('/www.facebook.com/*', (c) => handleWww(c, ctx));
    app.all('/graph.facebook.com/*', (c) => handleGraph(c, ctx));
    app.all('/graph-video.facebook.com/*', (c) => handleGraph(c, ctx));
    app.post('/rupload.facebook.com/video-upload/:version/:videoId', (c) =>
      handleRupload(c, ctx, fbStore(ctx).objects.get(c.req.param('videoId'))),
    );
  },
};

export default facebookModule;
