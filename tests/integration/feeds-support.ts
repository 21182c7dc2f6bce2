import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateRssFeed } from 'feedsmith';

/** A blog on loopback whose feed the tests change between checks (feeds.test.ts). */

export interface BlogItem {
  guid: string;
  title: string;
  link: string;
  published: Date;
  image?: string;
}

export interface FakeBlog {
  url: string;
  items: BlogItem[];
  /** Answer every feed request with this status instead of the feed. */
  failWith: number | null;
  /** Honour If-None-Match / If-Modified-Since (304), as real blogs do. */
  conditional: boolean;
  /** The headers of every feed request, in order. */
  requests: http.IncomingHttpHeaders[];
  addItem(n: number, at?: Date): BlogItem;
  close(): Promise<void>;
}

export async function startFakeBlog(png: Buffer): Promise<FakeBlog> {
  const blog: FakeBlog = {
    url: '',
    items: [],
    failWith: null,
    conditional: true,
    requests: [],
    addItem(n, at = new Date(Date.UTC(2026, 10, 1) + n * 3_600_000)) {
      const item = {
        guid: `post-${n}`,
        title: `Article ${n}`,
        link: `${blog.url}/posts/${n}`,
        published: at,
      };
      blog.items.unshift(item);
      return item;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/image.png') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      return;
    }
    if (path === '/stall') {
      // Starts a feed and never finishes it.
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).write('<?xml version="1.0"?><rss>');
      return;
    }
    if (path === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      return;
    }
    if (path === '/huge.xml') {
      // 3 MB of a valid-looking feed, chunked (no Content-Length): the reader must stop on its own.
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.write('<?xml version="1.0"?><rss version="2.0"><channel><title>Huge</title><description>');
      for (let i = 0; i < 48; i++) res.write('x'.repeat(64 * 1024));
      res.end('</description></channel></rss>');
      return;
    }
    if (path !== '/feed.xml') {
      res.writeHead(404).end();
      return;
    }
    blog.requests.push(req.headers);
    if (blog.failWith) {
      res.writeHead(blog.failWith).end('down');
      return;
    }
    // The validators change whenever the items do (titles included).
    const version = blog.items.map((item) => `${item.guid}|${item.title}`).join(',');
    const etag = `"v${Buffer.from(version).toString('base64url').slice(-24)}-${blog.items.length}"`;
    const newest = Math.max(0, ...blog.items.map((item) => item.published.getTime()));
    const lastModified = new Date(newest).toUTCString();
    if (blog.conditional && req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag, 'last-modified': lastModified }).end();
      return;
    }
    const body = generateRssFeed({
      title: 'The Loopback Blog',
      link: blog.url,
      description: 'Test feed',
      items: blog.items.map((item) => ({
        title: item.title,
        link: item.link,
        description: `<p>Summary of <b>${item.title}</b> &amp; more</p>`,
        guid: { value: item.guid, isPermaLink: false },
        pubDate: item.published,
        dc: { creators: ['Ada Writer'] },
        ...(item.image ? { enclosures: [{ url: item.image, type: 'image/png', length: png.length }] } : {}),
      })),
    });
    res
      .writeHead(200, { 'content-type': 'application/rss+xml', etag, 'last-modified': lastModified })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  blog.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return blog;
}
