import { describe, expect, it } from 'vitest';
import { FeedFetchError } from './fetch-feed.js';
import { parseFeedDocument } from './parse-feed.js';

describe('parseFeedDocument', () => {
  it('reads RSS 2.0: guid and link keys, markup and entities removed, dc:creator, an image enclosure, newest first', async () => {
    const feed = await parseFeedDocument(`<?xml version="1.0"?>
      <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Blog &amp; Co</title>
        <item><title>Old</title><link>https://b.example/old</link><guid>1</guid>
          <pubDate>Mon, 02 Nov 2026 10:00:00 GMT</pubDate></item>
        <item><title>New &amp; shiny</title><link>https://b.example/new</link><guid isPermaLink="false">2</guid>
          <description>&lt;p&gt;Hello &lt;b&gt;world&lt;/b&gt; &amp;eacute;t&amp;eacute;&lt;/p&gt;</description>
          <dc:creator>Ada</dc:creator><author>ada@b.example (Ada L.)</author>
          <enclosure url="https://b.example/a.png" type="image/png" length="10"/>
          <pubDate>Tue, 03 Nov 2026 10:00:00 GMT</pubDate></item>
      </channel></rss>`);
    expect(feed.title).toBe('Blog & Co');
    expect(feed.items.map((item) => item.title)).toEqual(['New & shiny', 'Old']);
    expect(feed.items[0]).toEqual({
      keys: ['guid:2', 'link:https://b.example/new'],
      title: 'New & shiny',
      url: 'https://b.example/new',
      summary: 'Hello world été',
      author: 'Ada',
      imageUrl: 'https://b.example/a.png',
      publishedAt: Date.UTC(2026, 10, 3, 10),
    });
  });

  it('reads Atom (alternate link, enclosure image) and JSON Feed (image, authors)', async () => {
    const atom = await parseFeedDocument(`<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom">
      <title>Atom blog</title><id>urn:f</id><updated>2026-11-01T00:00:00Z</updated>
      <entry><title>Entry</title><id>urn:e1</id><link rel="alternate" href="https://a.example/e1"/>
        <link rel="enclosure" type="image/jpeg" href="https://a.example/e1.jpg"/>
        <updated>2026-11-01T00:00:00Z</updated><author><name>Zed</name></author><summary>Short</summary></entry>
    </feed>`);
    expect(atom.items[0]).toMatchObject({
      keys: ['guid:urn:e1', 'link:https://a.example/e1'],
      url: 'https://a.example/e1',
      author: 'Zed',
      summary: 'Short',
      imageUrl: 'https://a.example/e1.jpg',
    });
    const json = await parseFeedDocument(
      `  ${JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'JSON blog',
        items: [
          {
            id: 'j1',
            url: 'https://j.example/1',
            title: 'One',
            image: 'https://j.example/1.png',
            authors: [{ name: 'Jo' }],
          },
        ],
      })}`,
    );
    expect(json).toMatchObject({
      title: 'JSON blog',
      items: [
        { keys: ['guid:j1', 'link:https://j.example/1'], author: 'Jo', imageUrl: 'https://j.example/1.png' },
      ],
    });
  });

  it('keeps the feed order when an item has no date, and drops items with neither guid nor link', async () => {
    const feed = await parseFeedDocument(`<rss version="2.0"><channel><title>T</title>
      <item><title>First</title><link>https://x.example/1</link></item>
      <item><title>No key</title></item>
      <item><title>Second</title><link>https://x.example/2</link><pubDate>Tue, 03 Nov 2026 10:00:00 GMT</pubDate></item>
    </channel></rss>`);
    expect(feed.items.map((item) => item.title)).toEqual(['First', 'Second']);
  });

  it('refuses a page that is not a feed, with the message the user sees', async () => {
    for (const body of ['<!doctype html><html><body>Hi</body></html>', 'plain text', '{"hello":1}', '']) {
      await expect(parseFeedDocument(body)).rejects.toThrow(FeedFetchError);
      await expect(parseFeedDocument(body)).rejects.toThrow(
        'This address does not serve an RSS, Atom or JSON feed.',
      );
    }
  });
});
