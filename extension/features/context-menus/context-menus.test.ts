import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getPendingDraft } from '../../lib/pending-draft';
import { createContextMenus, draftFromClick, handleMenuClick, MENU_IDS } from './context-menus';

vi.mock('wxt/browser', async () => ({ browser: (await import('wxt/testing/fake-browser')).fakeBrowser }));

const tab = { title: 'A good article', url: 'https://news.example/article' };

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the context menus', () => {
  it('registers the three menus for their contexts', async () => {
    const created: Array<{ id?: string; title?: string; contexts?: string[] }> = [];
    vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockResolvedValue(undefined);
    vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation((props) => {
      created.push(props as (typeof created)[number]);
      return 1;
    });
    await createContextMenus();
    expect(created.map((m) => [m.id, m.title, m.contexts])).toEqual([
      ['schedule-page', 'Schedule this page', ['page', 'link']],
      ['schedule-image', 'Schedule this image', ['image']],
      ['schedule-selection', 'Schedule selected text', ['selection']],
    ]);
  });

  it("'Schedule this page' stores the page's title and address and opens the composer", async () => {
    const draft = await handleMenuClick({ menuItemId: MENU_IDS.page, pageUrl: tab.url }, tab);
    expect(draft).toMatchObject({
      kind: 'page',
      title: 'A good article',
      url: 'https://news.example/article',
    });
    expect(await getPendingDraft()).toEqual(draft);
    // The fake browser has no action popup: the composer opens in a window instead.
    const windows = await fakeBrowser.windows.getAll({ populate: true });
    expect(windows.length).toBe(2);
  });

  it('on a link, stores the link rather than the page', async () => {
    await handleMenuClick(
      {
        menuItemId: MENU_IDS.page,
        pageUrl: tab.url,
        linkUrl: 'https://other.example/x',
        linkText: ' Other ',
      },
      tab,
    );
    expect(await getPendingDraft()).toMatchObject({
      kind: 'page',
      title: 'Other',
      url: 'https://other.example/x',
    });
  });

  it("'Schedule this image' stores the image address with its page", async () => {
    await handleMenuClick(
      { menuItemId: MENU_IDS.image, pageUrl: tab.url, srcUrl: 'https://cdn.example/a.png' },
      tab,
    );
    expect(await getPendingDraft()).toMatchObject({
      kind: 'image',
      imageUrl: 'https://cdn.example/a.png',
      url: tab.url,
      title: tab.title,
    });
  });

  it("'Schedule selected text' stores the selection with its page", async () => {
    await handleMenuClick(
      { menuItemId: MENU_IDS.selection, pageUrl: tab.url, selectionText: 'Quote me' },
      tab,
    );
    expect(await getPendingDraft()).toMatchObject({ kind: 'selection', text: 'Quote me', url: tab.url });
  });

  it("ignores menus that are not Postloom's and stores nothing", async () => {
    expect(await handleMenuClick({ menuItemId: 'someone-else', pageUrl: tab.url }, tab)).toBeNull();
    expect(draftFromClick({ menuItemId: MENU_IDS.image, pageUrl: tab.url }, tab)).toBeNull();
    expect(await getPendingDraft()).toBeNull();
  });
});
