import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaDto } from '../../../shared/posts/api';
import { initialState } from './composer-state';
import { clearUnsentPost, loadUnsentPost, saveUnsentPost } from './unsent-post';

const photo: MediaDto = {
  id: 'm1',
  fileName: 'm1.jpg',
  originalName: 'launch.jpg',
  mimeType: 'image/jpeg',
  kind: 'image',
  sizeBytes: 1000,
  url: '/api/media/m1',
  createdAt: '2026-11-21T10:00:00.000Z',
};

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => vi.unstubAllGlobals());

describe('unsent post', () => {
  it('keeps text, uploaded media by id and address, options and time per user, without files still uploading', () => {
    const state = { ...initialState('linkedin'), accountId: 'a1', scheduledAt: '2026-11-22T09:00:00.000Z' };
    state.items[0] = {
      key: 'k',
      content: 'Launch day 🚀',
      media: [
        {
          key: 'done',
          name: 'launch.jpg',
          mimeType: 'image/jpeg',
          kind: 'image',
          sizeBytes: 1000,
          previewUrl: 'blob:a',
          progress: 1,
          media: photo,
        },
        {
          key: 'busy',
          name: 'clip.mp4',
          mimeType: 'video/mp4',
          kind: 'video',
          sizeBytes: 9,
          previewUrl: 'blob:b',
          progress: 0.3,
          media: null,
        },
      ],
    };
    saveUnsentPost('user-1', state);
    expect(loadUnsentPost('user-2')).toBeNull();
    const restored = loadUnsentPost('user-1');
    expect(restored?.state).toMatchObject({
      platform: 'linkedin',
      accountId: 'a1',
      postType: 'normal',
      metadata: { visibility: 'PUBLIC' },
      scheduledAt: '2026-11-22T09:00:00.000Z',
    });
    expect(restored?.state.items[0]?.content).toBe('Launch day 🚀');
    expect(restored?.state.items[0]?.media.map((m) => [m.media?.id, m.previewUrl])).toEqual([
      ['m1', '/api/media/m1'],
    ]);
    expect([...storage.values.values()].join('')).not.toContain('blob:');
  });

  it('forgets the post when cleared, and ignores what it cannot read', () => {
    saveUnsentPost('user-1', initialState('twitter'));
    clearUnsentPost('user-1');
    expect(loadUnsentPost('user-1')).toBeNull();
    storage.setItem('postloom:unsent-post:user-1', '{"version":1,"items":"nope"}');
    expect(loadUnsentPost('user-1')).toBeNull();
    storage.setItem('postloom:unsent-post:user-1', 'not json');
    expect(loadUnsentPost('user-1')).toBeNull();
  });
});
