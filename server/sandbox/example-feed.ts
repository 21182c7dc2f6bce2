import { generateAtomFeed, generateJsonFeed, generateRssFeed } from 'feedsmith';
import type { Hono } from 'hono';
import sharp from 'sharp';
import { SANDBOX_EXAMPLE_FEEDS } from '../../shared/platforms/sandbox-contract.js';
import type { SandboxContext, SandboxContextC, SandboxEnv } from './sandbox-types.js';

/**
 * The example feed of demo mode (issue 28), as RSS, Atom and JSON Feed: the newest 10 of an
 * endless blog that publishes an article every 30 minutes (by the sandbox's clock), each with
 * an image. ETag and Last-Modified change with the newest article; a conditional request for
 * the current one is answered 304, as a real blog's server does.
 */

const EVERY_MS = 30 * 60_000;
const SHOWN = 10;
const TIPS = [
  ['Write the hook first', 'The first line decides whether anyone reads the second.'],
  ['Post when your readers are awake', 'Your posting schedule should follow your audience, not your desk.'],
  ['One idea per post', 'A post that says one thing is shared; one that says five is skipped.'],
  ['Reuse your evergreen posts', 'A good post deserves a second round: queue it again next month.'],
  ['Show, then tell', 'An image stops the scroll; the text keeps the reader.'],
  ['Answer every comment', 'The first hour of replies counts more than the post itself.'],
] as const;
const COLOURS = ['#4f46e5', '#0891b2', '#16a34a', '#ea580c'];

interface Article {
  n: number;
  title: string;
  summary: string;
  link: string;
  image: string;
  published: Date;
}

function articles(base: string, now: number): Article[] {
  const newest = Math.floor(now / EVERY_MS);
  return Array.from({ length: SHOWN }, (_, i) => {
    const n = newest - i;
    const [title, summary] = TIPS[n % TIPS.length]!;
    return {
      n,
      title: `Tip #${n % 10_000}: ${title}`,
      summary,
      link: `${base}/_sandbox/feeds/articles/${n}`,
      image: `${base}/_sandbox/feeds/images/${n % COLOURS.length}.png`,
      published: new Date(n * EVERY_MS),
    };
  });
}

const images = new Map<number, Promise<Buffer>>();

function imageBytes(index: number): Promise<Buffer> {
  let bytes = images.get(index);
  if (!bytes) {
    bytes = sharp({ create: { width: 600, height: 315, channels: 3, background: COLOURS[index]! } })
      .png()
      .toBuffer();
    images.set(index, bytes);
  }
  return bytes;
}

/** 304 when the request already holds the newest version; otherwise the validators to send. */
function conditional(c: SandboxContextC, newest: Article) {
  const etag = `"example-${newest.n}"`;
  const lastModified = newest.published.toUTCString();
  const ifNoneMatch = c.req.header('if-none-match');
  const ifModifiedSince = Date.parse(c.req.header('if-modified-since') ?? '');
  const fresh = ifNoneMatch
    ? ifNoneMatch.split(',').some((tag) => tag.trim() === etag)
    : Number.isFinite(ifModifiedSince) && ifModifiedSince >= newest.published.getTime();
  return { fresh, headers: { etag, 'last-modified': lastModified, 'cache-control': 'no-cache' } };
}

export function registerExampleFeeds(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  const serve = (
    c: SandboxContextC,
    contentType: string,
    render: (base: string, list: Article[]) => string,
  ) => {
    const base = ctx.baseUrl(c);
    const list = articles(base, ctx.now());
    const { fresh, headers } = conditional(c, list[0]!);
    if (fresh) return c.body(null, 304, headers);
    return c.body(render(base, list), 200, { ...headers, 'content-type': contentType });
  };
  const title = 'Postloom Sandbox Blog';

  app.get(SANDBOX_EXAMPLE_FEEDS.rss, (c) =>
    serve(c, 'application/rss+xml; charset=utf-8', (base, list) =>
      generateRssFeed({
        title,
        link: `${base}/_sandbox`,
        description: 'A new social media tip every 30 minutes (the demo sandbox).',
        items: list.map((a) => ({
          title: a.title,
          link: a.link,
          description: a.summary,
          guid: { value: `sandbox-tip-${a.n}`, isPermaLink: false },
          pubDate: a.published,
          dc: { creators: ['Sandy Box'] },
          enclosures: [{ url: a.image, type: 'image/png', length: 0 }],
        })),
      }),
    ),
  );
  app.get(SANDBOX_EXAMPLE_FEEDS.atom, (c) =>
    serve(c, 'application/atom+xml; charset=utf-8', (base, list) =>
      generateAtomFeed({
        id: `${base}/_sandbox/feeds`,
        title: { value: title },
        updated: list[0]!.published,
        entries: list.map((a) => ({
          id: `urn:postloom-sandbox:tip:${a.n}`,
          title: { value: a.title },
          updated: a.published,
          summary: { value: a.summary },
          authors: [{ name: 'Sandy Box' }],
          links: [{ href: a.link }, { href: a.image, rel: 'enclosure', type: 'image/png' }],
        })),
      }),
    ),
  );
  app.get(SANDBOX_EXAMPLE_FEEDS.json, (c) =>
    serve(c, 'application/feed+json; charset=utf-8', (base, list) =>
      JSON.stringify(
        generateJsonFeed({
          title,
          home_page_url: `${base}/_sandbox`,
          items: list.map((a) => ({
            id: `sandbox-tip-${a.n}`,
            url: a.link,
            title: a.title,
            summary: a.summary,
            image: a.image,
            date_published: a.published,
            authors: [{ name: 'Sandy Box' }],
          })),
        }),
      ),
    ),
  );
  app.get('/_sandbox/feeds/images/:file', async (c) => {
    const index = Number(c.req.param('file').replace(/\.png$/, ''));
    if (!Number.isInteger(index) || index < 0 || index >= COLOURS.length) return c.notFound();
    return c.body(new Uint8Array(await imageBytes(index)), 200, {
      'content-type': 'image/png',
      'cache-control': 'public, max-age=86400',
    });
  });
  app.get('/_sandbox/feeds/articles/:n', (c) => {
    const n = Number(c.req.param('n'));
    if (!Number.isInteger(n) || n < 0) return c.notFound();
    const [heading, text] = TIPS[n % TIPS.length]!;
    return c.html(`<!doctype html><title>${heading}</title><h1>${heading}</h1><p>${text}</p>`);
  });
}
