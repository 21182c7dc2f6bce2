import { FEED_MESSAGES } from '../../shared/feeds/api.js';
import { truncateText } from '../../shared/text/truncate.js';
import { FeedFetchError } from './fetch-feed.js';

/** One item of any feed format, as templates and the seen-items table read it. */
export interface FeedItem {
  /** 'guid:...' and/or 'link:...': the item is taken once when none of them was seen. */
  keys: string[];
  title: string;
  url: string;
  summary: string;
  author: string;
  imageUrl: string | null;
  /** Epoch ms, or null when the feed gives no date. */
  publishedAt: number | null;
}

export interface ParsedFeed {
  title: string;
  /** Newest first (by date when every item has one; otherwise in the feed's own order). */
  items: FeedItem[];
}

const SUMMARY_MAX = 1000;
const KEY_MAX = 1000;

// feedsmith's typed results differ per format; the normaliser reads them as plain data.
type Loose = Record<string, unknown>;

type Decode = (html: string) => string;

let libraries: Promise<{ parseFeed: (input: string) => unknown; decodeHTML: Decode }> | null = null;

/**
 * The parser and the HTML entity tables, loaded with the first feed read: most servers read no
 * feed, and loaded at start they would hold memory for as long as the server runs.
 */
function feedLibraries() {
  libraries ??= Promise.all([import('feedsmith'), import('entities')]).then(([feedsmith, entities]) => ({
    parseFeed: feedsmith.parseFeed as (input: string) => unknown,
    decodeHTML: entities.decodeHTML,
  }));
  return libraries;
}

/** Parses RSS (0.9x, 2.0), RDF (RSS 1.0), Atom and JSON Feed with feedsmith. */
export async function parseFeedDocument(body: string): Promise<ParsedFeed> {
  const { parseFeed, decodeHTML } = await feedLibraries();
  let parsed: { format: string; feed: unknown };
  try {
    const trimmed = body.trimStart();
    const input = trimmed.startsWith('{') ? (JSON.parse(trimmed) as unknown) : body;
    parsed = parseFeed(input as string) as { format: string; feed: unknown };
  } catch {
    throw new FeedFetchError(FEED_MESSAGES.notAFeed);
  }
  const feed = (parsed.feed ?? {}) as Loose;
  const raw = (parsed.format === 'atom' ? feed.entries : feed.items) as Loose[] | undefined;
  const items = (raw ?? [])
    .map((item) => normalise(parsed.format, item, decodeHTML))
    .filter((item) => item.keys.length);
  const dated = items.every((item) => item.publishedAt !== null);
  if (dated) items.sort((a, b) => (b.publishedAt ?? 0) - (a.publishedAt ?? 0));
  return { title: plain(text(feed.title), decodeHTML).slice(0, 300), items };
}

function normalise(format: string, item: Loose, decode: Decode): FeedItem {
  const fields = format === 'atom' ? fromAtom(item) : format === 'json' ? fromJson(item) : fromRss(item);
  return build(fields, decode);
}

interface ItemFields {
  guid: string;
  link: string;
  title: string;
  summary: string;
  author: string;
  imageUrl: string;
  date: string;
}

function fromRss(item: Loose): ItemFields {
  const guid = text((item.guid as Loose | undefined)?.value ?? item.guid);
  const link = text(item.link);
  const enclosure = (item.enclosures as Loose[] | undefined)?.find((e) => isImageType(e.type));
  const media = item.media as Loose | undefined;
  const dc = item.dc as Loose | undefined;
  return {
    guid,
    link,
    title: text(item.title),
    summary: text(item.description) || text((item.content as Loose | undefined)?.encoded),
    // dc:creator is a name; RSS's own <author> is an e-mail address (feedsmith splits out the name).
    author:
      text((dc?.creators as unknown[] | undefined)?.[0]) || text(dc?.creator) || firstName(item.authors),
    imageUrl: text(enclosure?.url) || mediaImage(media),
    date: text(item.pubDate) || text(dc?.date),
  };
}

function fromAtom(entry: Loose): ItemFields {
  const links = (entry.links as Loose[] | undefined) ?? [];
  const alternate = links.find((l) => !l.rel || l.rel === 'alternate') ?? links[0];
  const image = links.find((l) => l.rel === 'enclosure' && isImageType(l.type));
  return {
    guid: text(entry.id),
    link: text(alternate?.href),
    title: text(entry.title),
    summary: text(entry.summary) || text(entry.content),
    author: firstName(entry.authors),
    imageUrl: text(image?.href) || mediaImage(entry.media as Loose | undefined),
    date: text(entry.published) || text(entry.updated),
  };
}

function fromJson(item: Loose): ItemFields {
  const attachment = (item.attachments as Loose[] | undefined)?.find((a) => isImageType(a.mime_type));
  return {
    guid: text(item.id),
    link: text(item.url) || text(item.external_url),
    title: text(item.title),
    summary: text(item.summary) || text(item.content_text) || text(item.content_html),
    author: firstName(item.authors) || text((item.author as Loose | undefined)?.name),
    imageUrl: text(item.image) || text(item.banner_image) || text(attachment?.url),
    date: text(item.date_published) || text(item.date_modified),
  };
}

function build(fields: ItemFields, decode: Decode): FeedItem {
  const keys: string[] = [];
  if (fields.guid) keys.push(`guid:${fields.guid.trim().slice(0, KEY_MAX)}`);
  if (fields.link) keys.push(`link:${fields.link.trim().slice(0, KEY_MAX)}`);
  const time = fields.date ? Date.parse(fields.date) : Number.NaN;
  return {
    keys,
    title: plain(fields.title, decode),
    url: fields.link.trim(),
    summary: truncateText(plain(fields.summary, decode), SUMMARY_MAX, { unit: 'utf16' }),
    author: plain(fields.author, decode),
    imageUrl: /^https?:\/\//i.test(fields.imageUrl) ? fields.imageUrl : null,
    publishedAt: Number.isFinite(time) ? time : null,
  };
}

/** Text without markup: tags dropped, entities decoded, white space folded. */
function plain(value: string, decode: Decode): string {
  return decode(value.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && 'value' in value) return text((value as Loose).value);
  return '';
}

function firstName(authors: unknown): string {
  const first = Array.isArray(authors) ? (authors[0] as unknown) : undefined;
  return typeof first === 'string' ? first : text((first as Loose | undefined)?.name);
}

function isImageType(type: unknown): boolean {
  return typeof type === 'string' && type.toLowerCase().startsWith('image/');
}

function mediaImage(media: Loose | undefined): string {
  const contents = (media?.contents as Loose[] | undefined) ?? [];
  const image = contents.find((c) => c.medium === 'image' || isImageType(c.type));
  const thumbnail = (media?.thumbnails as Loose[] | undefined)?.[0];
  return text(image?.url) || text(thumbnail?.url);
}
