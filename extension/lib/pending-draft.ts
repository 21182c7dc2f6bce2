import { browser } from 'wxt/browser';

/** What a context-menu click hands to the composer. */
export interface PendingDraft {
  kind: 'page' | 'image' | 'selection';
  title: string;
  url: string;
  imageUrl?: string;
  text?: string;
  createdAt: number;
}

const KEY = 'pendingDraft';

// storage.session keeps it in memory only (cleared with the browser session); older browsers fall back to local.
function area() {
  return browser.storage.session ?? browser.storage.local;
}

export async function savePendingDraft(draft: PendingDraft): Promise<void> {
  await area().set({ [KEY]: draft });
}

export async function getPendingDraft(): Promise<PendingDraft | null> {
  const value = (await area().get(KEY))[KEY] as PendingDraft | undefined;
  return value && typeof value.kind === 'string' ? value : null;
}

export async function clearPendingDraft(): Promise<void> {
  await area().remove(KEY);
}

/** The composer's starting text for a draft. */
export function draftText(draft: PendingDraft): string {
  if (draft.kind === 'selection' && draft.text) return `"${draft.text.trim()}"\n\n${draft.url}`.trim();
  if (draft.kind === 'page') return [draft.title, draft.url].filter(Boolean).join('\n');
  return '';
}
