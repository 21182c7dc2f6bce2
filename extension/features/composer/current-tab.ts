import { browser } from 'wxt/browser';

export interface TabLink {
  title: string;
  url: string;
}

/** The page the popup was opened over, to offer its link. */
export async function currentTabLink(): Promise<TabLink | null> {
  const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
  const url = tab?.url ?? '';
  // The composer opened in its own window or tab has no page to offer.
  if (!/^https?:/.test(url)) return null;
  return { title: tab?.title ?? url, url };
}
