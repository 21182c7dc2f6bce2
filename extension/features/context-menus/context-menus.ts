import { browser } from 'wxt/browser';
import { type PendingDraft, savePendingDraft } from '../../lib/pending-draft';

export const MENU_IDS = {
  page: 'schedule-page',
  image: 'schedule-image',
  selection: 'schedule-selection',
} as const;

/** The parts of contextMenus.OnClickData and tabs.Tab the handlers read. */
interface MenuClick {
  menuItemId: string | number;
  pageUrl?: string;
  linkUrl?: string;
  linkText?: string;
  srcUrl?: string;
  selectionText?: string;
}
interface MenuTab {
  title?: string;
  url?: string;
}

export async function createContextMenus(): Promise<void> {
  await browser.contextMenus.removeAll();
  browser.contextMenus.create({ id: MENU_IDS.page, title: 'Schedule this page', contexts: ['page', 'link'] });
  browser.contextMenus.create({ id: MENU_IDS.image, title: 'Schedule this image', contexts: ['image'] });
  browser.contextMenus.create({
    id: MENU_IDS.selection,
    title: 'Schedule selected text',
    contexts: ['selection'],
  });
}

/** The draft a click stands for, or null for a menu that is not ours. */
export function draftFromClick(
  info: MenuClick,
  tab: MenuTab | undefined,
  now = Date.now(),
): PendingDraft | null {
  const pageUrl = info.pageUrl ?? tab?.url ?? '';
  const title = tab?.title ?? '';
  switch (info.menuItemId) {
    case MENU_IDS.page:
      // On a link, the link is what the user means to share.
      return info.linkUrl
        ? { kind: 'page', title: info.linkText?.trim() || info.linkUrl, url: info.linkUrl, createdAt: now }
        : { kind: 'page', title, url: pageUrl, createdAt: now };
    case MENU_IDS.image:
      return info.srcUrl
        ? { kind: 'image', title, url: pageUrl, imageUrl: info.srcUrl, createdAt: now }
        : null;
    case MENU_IDS.selection:
      return info.selectionText
        ? { kind: 'selection', title, url: pageUrl, text: info.selectionText, createdAt: now }
        : null;
    default:
      return null;
  }
}

/** Opens the composer: the toolbar popup where the browser allows it, otherwise a small window. */
async function openComposer(): Promise<'popup' | 'window'> {
  try {
    await browser.action.openPopup();
    return 'popup';
  } catch {
    await browser.windows.create({
      url: browser.runtime.getURL('/popup.html'),
      type: 'popup',
      width: 420,
      height: 640,
    });
    return 'window';
  }
}

export async function handleMenuClick(info: MenuClick, tab?: MenuTab): Promise<PendingDraft | null> {
  const draft = draftFromClick(info, tab);
  if (!draft) return null;
  await savePendingDraft(draft);
  await openComposer();
  return draft;
}

export function initContextMenus(signal: AbortSignal): void {
  browser.runtime.onInstalled.addListener(() => void createContextMenus());
  const onClicked = (info: MenuClick, tab?: MenuTab) => void handleMenuClick(info, tab);
  browser.contextMenus.onClicked.addListener(onClicked);
  signal.addEventListener('abort', () => browser.contextMenus.onClicked.removeListener(onClicked));
}
