import { describe, expect, it } from 'vitest';
import { CreateFeedInput, renderFeedTemplate } from './api';

const values = { title: 'Hello', url: 'https://b.example/h', summary: 'A summary', author: '' };

describe('renderFeedTemplate', () => {
  it('fills each placeholder with the item value and leaves no gap where a value is missing', () => {
    expect(renderFeedTemplate('{title} {url}', values)).toBe('Hello https://b.example/h');
    expect(renderFeedTemplate('{title} by {author} {url}', values)).toBe('Hello by https://b.example/h');
    expect(renderFeedTemplate('{summary}\n\n\n\n{url} {unknown}', values)).toBe(
      'A summary\n\nhttps://b.example/h {unknown}',
    );
  });
});

describe('CreateFeedInput', () => {
  it('defaults the template, needs a queue for a queue feed, and refuses other schemes', () => {
    const parsed = CreateFeedInput.parse({
      url: 'https://b.example/feed',
      target: 'drafts',
      accountIds: ['a', 'a'],
    });
    expect(parsed).toMatchObject({
      template: '{title} {url}',
      takeImage: false,
      queueId: null,
      accountIds: ['a'],
    });
    const noQueue = CreateFeedInput.safeParse({
      url: 'https://b.example/feed',
      target: 'queue',
      accountIds: ['a'],
    });
    expect(noQueue.error?.issues[0]).toMatchObject({
      path: ['queueId'],
      message: 'Choose the queue the feed fills.',
    });
    const file = CreateFeedInput.safeParse({
      url: 'file:///etc/passwd',
      target: 'drafts',
      accountIds: ['a'],
    });
    expect(file.error?.issues[0]?.message).toBe('Please enter a valid http or https address.');
  });
});
