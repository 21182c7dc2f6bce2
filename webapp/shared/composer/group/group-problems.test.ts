import { describe, expect, it } from 'vitest';
import type { VersionProblemDto } from '../../../../shared/posts/post-groups';
import type { ComposerMedia } from '../composer-state';
import { setSharedContent } from './group-edits';
import { groupProblems, problemSummary } from './group-problems';
import { type GroupComposerState, initialGroupState, toggleAccount } from './group-state';
import { versionTabs } from './group-tabs';

const ACCOUNTS = [
  { id: 'x1', platform: 'twitter' as const, accountName: 'Ava Rivers' },
  { id: 'fb1', platform: 'facebook' as const, accountName: 'Demo Page' },
  { id: 'fb2', platform: 'facebook' as const, accountName: 'Demo Shop' },
  { id: 'ig1', platform: 'instagram' as const, accountName: 'Demo Studio' },
];

function everyone(): GroupComposerState {
  return ACCOUNTS.reduce<GroupComposerState>(
    (state, account) => toggleAccount(state, { id: account.id, platform: account.platform }),
    initialGroupState(),
  );
}

const image: ComposerMedia = {
  key: 'img',
  name: 'shop.jpg',
  mimeType: 'image/jpeg',
  kind: 'image',
  sizeBytes: 2000,
  previewUrl: '/api/media/m1',
  progress: 1,
  media: null,
};

describe('group problems', () => {
  it('checks every chosen account with its platform rules: Instagram needs media, X counts its own way', () => {
    const state = setSharedContent(everyone(), 'x'.repeat(300));
    const problems = groupProblems(state, 'schedule');
    expect(problems.map((p) => [p.accountId, p.message])).toEqual([
      ['x1', 'Your tweet is too long'],
      ['ig1', 'Instagram posts require a photo or video.'],
    ]);
    expect(problemSummary(problems, ACCOUNTS)?.text).toBe(
      'Fix 2 problems: X text too long; Instagram needs media',
    );
  });

  it('has nothing to fix once Instagram has an image, and judges the uploading file by its type', () => {
    let state = setSharedContent(everyone(), 'Opening Friday');
    state = { ...state, media: { img: image }, shared: { ...state.shared, media: ['img'] } };
    expect(groupProblems(state, 'schedule')).toEqual([]);
    expect(problemSummary([], ACCOUNTS)).toBeNull();
  });

  it('lets a draft be incomplete where a schedule may not', () => {
    const state = setSharedContent(everyone(), 'Draft words');
    expect(groupProblems(state, 'draft')).toEqual([]);
    expect(groupProblems(state, 'schedule').map((p) => p.accountId)).toEqual(['ig1']);
  });

  it('names the network when every account of it has the problem, and the account when only one does', () => {
    const both: VersionProblemDto[] = ['fb1', 'fb2'].map((accountId) => ({
      accountId,
      platform: 'facebook',
      field: 'content',
      message: 'At least content or a media file is required',
    }));
    expect(problemSummary(both, ACCOUNTS)?.text).toBe('Fix 1 problem: Facebook needs text or media');
    expect(problemSummary(both.slice(1), ACCOUNTS)?.text).toBe(
      'Fix 1 problem: Facebook (Demo Shop) needs text or media',
    );
  });

  it('says a problem without a short form in full, and the 24-hour repeat rule per X account', () => {
    const state = setSharedContent(everyone(), 'Same as yesterday');
    const identical = { x1: 'Nov 25, 2026 09:00' };
    const problems = groupProblems(state, 'schedule', identical).filter((p) => p.accountId === 'x1');
    expect(problems[0]?.message).toContain('this account has it at Nov 25, 2026 09:00');
    expect(problemSummary(problems, ACCOUNTS, identical)?.text).toBe(
      'Fix 1 problem: X repeats a post from the last 24 hours',
    );
    const carousel: VersionProblemDto = {
      accountId: 'ig1',
      platform: 'instagram',
      field: 'media',
      message: 'Carousel posts require 2–10 media files',
    };
    expect(problemSummary([carousel], ACCOUNTS)?.text).toBe(
      'Fix 1 problem: Instagram: Carousel posts require 2–10 media files',
    );
  });

  it('shows each problem on the tab of the version it belongs to', () => {
    const state = setSharedContent(everyone(), 'x'.repeat(300));
    const accounts = ACCOUNTS.map((account) => ({
      ...account,
      accountHandle: null,
      avatarUrl: null,
      status: 'active' as const,
      isSandbox: true,
      expiresAt: null,
      lastError: null,
      createdAt: '2026-11-21T10:00:00.000Z',
    }));
    const tabs = versionTabs(state, accounts, groupProblems(state, 'schedule'));
    expect(tabs.map((tab) => [tab.label, tab.problems.map((p) => p.message)])).toEqual([
      ['All networks', []],
      ['X', ['Your tweet is too long']],
      ['Facebook', []],
      ['Instagram', ['Instagram posts require a photo or video.']],
    ]);
  });
});
