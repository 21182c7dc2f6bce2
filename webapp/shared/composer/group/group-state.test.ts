import { describe, expect, it } from 'vitest';
import { hasGroupChanges } from './group-changes';
import { addItem, setItemContent, setSharedContent, setSharedLink, withPostType } from './group-edits';
import {
  customiseAccount,
  type GroupComposerState,
  initialGroupState,
  removeAccountDraft,
  resetDraft,
  toggleAccount,
  toggleMissingPlatform,
  updateDraft,
  versionOf,
  viewOf,
} from './group-state';

const X = { id: 'x1', platform: 'twitter' as const };
const PAGE = { id: 'fb1', platform: 'facebook' as const };
const SHOP = { id: 'fb2', platform: 'facebook' as const };
const IG = { id: 'ig1', platform: 'instagram' as const };

function chosen(...accounts: { id: string; platform: 'twitter' | 'facebook' | 'instagram' }[]) {
  return accounts.reduce<GroupComposerState>(
    (state, account) => toggleAccount(state, account),
    initialGroupState(),
  );
}

describe('group composer state', () => {
  it('gives every chosen network the shared text until it is customised, and later shared edits reach only the others', () => {
    let state = setSharedContent(chosen(X, PAGE, SHOP, IG), 'Second shop opens Friday');
    state = updateDraft(
      state,
      { platform: 'twitter' },
      (draft) => addItem(draft, { key: 'tweet-2', content: 'Doors at nine', media: [] }),
      { customises: true },
    );
    state = setSharedContent(state, 'Our second shop opens Friday');
    expect(versionOf(state, { platform: 'facebook' }).content).toBe('Our second shop opens Friday');
    expect(versionOf(state, { platform: 'instagram' }).content).toBe('Our second shop opens Friday');
    const x = versionOf(state, { platform: 'twitter' });
    expect(x).toMatchObject({ customized: true, postType: 'thread', content: 'Second shop opens Friday' });
    expect(x.tweets?.map((tweet) => tweet.content)).toEqual(['Second shop opens Friday', 'Doors at nine']);
  });

  it('keeps the first post’s key when a version is customised, so its text box keeps focus', () => {
    let state = setSharedContent(chosen(X, IG), 'Hello');
    const before = viewOf(state, { platform: 'instagram' }).items[0]?.key;
    state = updateDraft(
      state,
      { platform: 'instagram' },
      (draft) => setItemContent(draft, before ?? '', 'Hi IG'),
      {
        customises: true,
      },
    );
    const after = viewOf(state, { platform: 'instagram' });
    expect(after.items[0]).toMatchObject({ key: before, content: 'Hi IG' });
  });

  it('resets a customised version to the shared text but keeps its post type and settings', () => {
    let state = setSharedContent(chosen(X, IG), 'Shared words');
    state = updateDraft(state, { platform: 'instagram' }, (draft) => withPostType(draft, 'carousel'), {
      customises: false,
    });
    state = updateDraft(
      state,
      { platform: 'instagram' },
      (draft) => setItemContent(draft, draft.items[0]!.key, 'Own'),
      {
        customises: true,
      },
    );
    expect(versionOf(state, { platform: 'instagram' })).toMatchObject({
      content: 'Own',
      postType: 'carousel',
    });
    state = resetDraft(state, { platform: 'instagram' });
    expect(versionOf(state, { platform: 'instagram' })).toMatchObject({
      content: 'Shared words',
      postType: 'carousel',
      customized: false,
    });
  });

  it('lets one Facebook Page have its own version while the other follows the network’s', () => {
    let state = setSharedContent(chosen(PAGE, SHOP), 'Both pages');
    state = customiseAccount(state, SHOP);
    state = updateDraft(
      state,
      { platform: 'facebook', accountId: 'fb2' },
      (draft) => setItemContent(draft, draft.items[0]!.key, 'Shop only'),
      { customises: true },
    );
    state = setSharedContent(state, 'Both pages, edited');
    expect(versionOf(state, { platform: 'facebook', accountId: 'fb1' }).content).toBe('Both pages, edited');
    expect(versionOf(state, { platform: 'facebook', accountId: 'fb2' }).content).toBe('Shop only');
    state = removeAccountDraft(state, 'fb2');
    expect(versionOf(state, { platform: 'facebook', accountId: 'fb2' }).content).toBe('Both pages, edited');
  });

  it('keeps every text and version when accounts are unchosen and chosen again', () => {
    let state = setSharedContent(chosen(X, IG), 'Keep me');
    state = updateDraft(
      state,
      { platform: 'twitter' },
      (draft) => setItemContent(draft, draft.items[0]!.key, 'X own'),
      {
        customises: true,
      },
    );
    state = toggleAccount(toggleAccount(state, X), IG);
    expect(state.accounts).toEqual([]);
    state = toggleAccount(toggleAccount(state, X), IG);
    expect(state.shared.content).toBe('Keep me');
    expect(versionOf(state, { platform: 'twitter' }).content).toBe('X own');
  });

  it('sends the shared link after the text, and as the article link of a LinkedIn article', () => {
    let state = setSharedLink(setSharedContent(chosen(X), 'Read this'), 'https://example.com/a');
    expect(versionOf(state, { platform: 'twitter' }).content).toBe('Read this\n\nhttps://example.com/a');
    state = toggleAccount(state, { id: 'li1', platform: 'linkedin' });
    state = updateDraft(state, { platform: 'linkedin' }, (draft) => withPostType(draft, 'article'), {
      customises: false,
    });
    expect(versionOf(state, { platform: 'linkedin' })).toMatchObject({
      content: 'Read this',
      metadata: { articleUrl: 'https://example.com/a' },
    });
  });

  it('holds nothing with accounts chosen alone, and something with text, a version option or a time', () => {
    const empty = initialGroupState();
    const picked = toggleMissingPlatform(chosen(X, IG), 'tiktok');
    expect(hasGroupChanges(picked, empty, true)).toBe(false);
    expect(hasGroupChanges(setSharedContent(picked, 'hi'), empty, true)).toBe(true);
    const carousel = updateDraft(
      picked,
      { platform: 'instagram' },
      (draft) => withPostType(draft, 'carousel'),
      {
        customises: false,
      },
    );
    expect(hasGroupChanges(carousel, empty, true)).toBe(true);
    expect(hasGroupChanges({ ...picked, scheduledAt: '2026-11-23T10:00:00.000Z' }, empty, true)).toBe(true);
  });

  it('compares an opened group with the group as loaded, accounts included', () => {
    const loaded = setSharedContent(chosen(X, IG), 'As stored');
    expect(hasGroupChanges({ ...loaded }, loaded, false)).toBe(false);
    expect(hasGroupChanges(toggleAccount(loaded, IG), loaded, false)).toBe(true);
  });
});
