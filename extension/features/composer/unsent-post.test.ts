import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clearUnsentPost, getUnsentPost, restoreMessage, saveUnsentPost } from './unsent-post';

vi.mock('wxt/browser', async () => ({ browser: (await import('wxt/testing/fake-browser')).fakeBrowser }));

beforeEach(() => fakeBrowser.reset());

const media = {
  id: 'm1',
  fileName: 'm1.png',
  originalName: 'photo.png',
  mimeType: 'image/png',
  kind: 'image' as const,
  sizeBytes: 10,
  url: '/api/media/m1',
  createdAt: '2026-11-21T10:00:00.000Z',
};

describe("the popup's unsent post", () => {
  it('is kept per user in storage.local with the media as id and address', async () => {
    await saveUnsentPost('u1', {
      content: 'Draft from the popup',
      accountIds: ['a1'],
      media,
      when: null,
      savedAt: '2026-11-21T10:00:00.000Z',
    });
    expect(await getUnsentPost('u2')).toBeNull();
    expect(await getUnsentPost('u1')).toMatchObject({ content: 'Draft from the popup', media: { id: 'm1' } });
    expect(Object.keys(await fakeBrowser.storage.local.get())).toEqual(['unsentPost:u1']);
    await clearUnsentPost('u1');
    expect(await getUnsentPost('u1')).toBeNull();
  });

  it('is not offered when it holds nothing, and names its text when it is', async () => {
    await saveUnsentPost('u1', { content: '  ', accountIds: ['a1'], media: null, when: null, savedAt: '' });
    expect(await getUnsentPost('u1')).toBeNull();
    expect(restoreMessage({ content: 'Hello\nworld', media: null })).toBe(
      'You have an unsent post: "Hello world"',
    );
    expect(restoreMessage({ content: '', media })).toBe('You have an unsent post with an image.');
  });
});
