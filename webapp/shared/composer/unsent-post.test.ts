import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaDto } from '../../../shared/posts/api';
import { type ComposerMedia, mediaFromDto } from './composer-state';
import { setSharedContent, setSharedLink } from './group/group-edits';
import {
  type GroupComposerState,
  initialGroupState,
  toggleAccount,
  updateDraft,
  viewOf,
} from './group/group-state';
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

function composition(): GroupComposerState {
  let state = { ...initialGroupState('2026-11-22T09:00:00.000Z') };
  state = toggleAccount(state, { id: 'x1', platform: 'twitter' });
  state = toggleAccount(state, { id: 'li1', platform: 'linkedin' });
  state = setSharedLink(setSharedContent(state, 'Launch day 🚀'), 'https://example.com/launch');
  const done: ComposerMedia = { ...mediaFromDto(photo), key: 'done', previewUrl: 'blob:a' };
  const busy: ComposerMedia = {
    key: 'busy',
    name: 'clip.mp4',
    mimeType: 'video/mp4',
    kind: 'video',
    sizeBytes: 9,
    previewUrl: 'blob:b',
    progress: 0.3,
    media: null,
  };
  state = { ...state, media: { done, busy }, shared: { ...state.shared, media: ['done', 'busy'] } };
  // X has its own two-tweet thread.
  return updateDraft(
    state,
    { platform: 'twitter' },
    (draft) => ({ ...draft, items: [...draft.items, { key: 'two', content: 'Thread part two', media: [] }] }),
    { customises: true },
  );
}

describe('unsent post', () => {
  it('keeps the chosen accounts, shared text, link, media by id and address, versions and time per user, without files still uploading', () => {
    saveUnsentPost('user-1', composition());
    expect(loadUnsentPost('user-2')).toBeNull();
    const restored = loadUnsentPost('user-1')?.state;
    expect(restored?.accounts).toEqual([
      { id: 'x1', platform: 'twitter' },
      { id: 'li1', platform: 'linkedin' },
    ]);
    expect(restored?.shared.content).toBe('Launch day 🚀');
    expect(restored?.shared.link).toBe('https://example.com/launch');
    expect(restored?.scheduledAt).toBe('2026-11-22T09:00:00.000Z');
    const files = restored?.shared.media.map((key) => restored.media[key]);
    expect(files?.map((m) => [m?.media?.id, m?.previewUrl])).toEqual([['m1', '/api/media/m1']]);
    expect(restored && viewOf(restored, { platform: 'twitter' }).items.map((item) => item.content)).toEqual([
      'Launch day 🚀\n\nhttps://example.com/launch',
      'Thread part two',
    ]);
    expect(restored?.versions.find((draft) => draft.platform === 'linkedin')).toMatchObject({
      customized: false,
      metadata: { visibility: 'PUBLIC' },
    });
    expect([...storage.values.values()].join('')).not.toContain('blob:');
  });

  it('reads the one-platform copy an earlier version kept as a composition for its account', () => {
    storage.setItem(
      'postloom:unsent-post:user-1',
      JSON.stringify({
        version: 1,
        savedAt: '2026-11-21T10:00:00.000Z',
        platform: 'twitter',
        accountId: 'x1',
        postType: 'thread',
        items: [
          { content: 'one', media: [photo] },
          { content: 'two', media: [] },
        ],
        metadata: {},
        scheduledAt: null,
      }),
    );
    const restored = loadUnsentPost('user-1')?.state;
    expect(restored?.accounts).toEqual([{ id: 'x1', platform: 'twitter' }]);
    expect(restored?.shared.content).toBe('one');
    const view = restored && viewOf(restored, { platform: 'twitter' });
    expect(view?.items.map((item) => [item.content, item.media.map((m) => m.media?.id)])).toEqual([
      ['one', ['m1']],
      ['two', []],
    ]);
  });

  it('forgets the post when cleared, and ignores what it cannot read', () => {
    saveUnsentPost('user-1', composition());
    clearUnsentPost('user-1');
    expect(loadUnsentPost('user-1')).toBeNull();
    storage.setItem('postloom:unsent-post:user-1', '{"version":2,"accounts":"nope"}');
    expect(loadUnsentPost('user-1')).toBeNull();
    storage.setItem('postloom:unsent-post:user-1', 'not json');
    expect(loadUnsentPost('user-1')).toBeNull();
  });
});
