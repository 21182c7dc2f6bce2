import { browser } from 'wxt/browser';

/** Messages the extension's pages send to its background (typed both ways). */
interface BackgroundMessages {
  'badge:refresh': { request: Record<string, never>; reply: { text: string } };
}

type BackgroundMessage = {
  [K in keyof BackgroundMessages]: { type: K } & BackgroundMessages[K]['request'];
}[keyof BackgroundMessages];

export async function sendToBackground<K extends keyof BackgroundMessages>(
  type: K,
  request: BackgroundMessages[K]['request'],
): Promise<BackgroundMessages[K]['reply'] | undefined> {
  try {
    return (await browser.runtime.sendMessage({ type, ...request })) as BackgroundMessages[K]['reply'];
  } catch {
    // The background may be starting; the minute alarm catches up.
    return undefined;
  }
}

export function isBackgroundMessage(message: unknown): message is BackgroundMessage {
  return (
    typeof (message as { type?: unknown } | null)?.type === 'string' &&
    (message as { type: string }).type === 'badge:refresh'
  );
}
