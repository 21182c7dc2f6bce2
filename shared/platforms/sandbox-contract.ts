import type { PlatformId } from './ids.js';

/**
 * What Postloom and its platform sandbox (server/sandbox/) must agree on. The two never import
 * each other (npm run lint checks it): the product loads the sandbox with one dynamic import in
 * demo mode, and both read this file.
 */

/**
 * The longest the sandbox takes to list a new post (its `listDelayMs` is capped at this, and its
 * default is this). The publishing engine relies on it in sandbox mode, where the real
 * platforms' much longer bounds would only slow tests and demos down: every question about a
 * lost answer waits for it.
 */
export const SANDBOX_MAX_LIST_DELAY_MS = 2000;

/**
 * The sandbox serves every platform host under its own origin: `https://<host>/<path>` becomes
 * `<sandbox>/<host>/<path>`. A URL already on the sandbox is left as it is.
 */
export function toSandboxUrl(sandboxBase: string, url: string): string {
  const parsed = new URL(url);
  if (`${parsed.protocol}//${parsed.host}` === new URL(sandboxBase).origin) return url;
  return `${sandboxBase}/${parsed.host}${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/**
 * The OAuth client a server without credentials presents in sandbox mode (the sandbox accepts
 * any client it has not seen and remembers it).
 */
export function demoClientCredentials(platform: PlatformId): { clientId: string; clientSecret: string } {
  return { clientId: `postloom-demo-${platform}`, clientSecret: `postloom-demo-${platform}-secret` };
}

/** The Lemon Squeezy store, product variant and API key of BILLING=lemonsqueezy without credentials. */
export const LEMONSQUEEZY_DEMO = {
  storeId: '1',
  variantId: '1',
  apiKey: 'postloom-demo-lemonsqueezy',
} as const;

/** The sandbox's example feeds (issue 28): a new item every 30 minutes, with ETag and Last-Modified. */
export const SANDBOX_EXAMPLE_FEEDS = {
  rss: '/_sandbox/feeds/example.rss',
  atom: '/_sandbox/feeds/example.atom',
  json: '/_sandbox/feeds/example.json',
} as const;
