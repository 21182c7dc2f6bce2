import '../features/setup/jitless-zod';
import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { acceptExternalToken } from '../features/auth/external-token';
import { handleMenuClick, initContextMenus } from '../features/context-menus/context-menus';
import { BADGE_ALARM, initUnreadBadge, refreshBadge } from '../features/notifications/unread-badge';
import { isBackgroundMessage } from '../lib/messages';

export default defineBackground(() => {
  const controller = new AbortController();
  initUnreadBadge(controller.signal);
  initContextMenus(controller.signal);

  browser.runtime.onMessage.addListener((message: unknown, sender) => {
    // Only the extension's own pages: content scripts are not used, web pages cannot reach onMessage.
    if (sender.id !== browser.runtime.id || !isBackgroundMessage(message)) return undefined;
    return refreshBadge().then((text) => ({ text }));
  });

  // Chromium only (externally_connectable); the sender's origin is checked again inside.
  browser.runtime.onMessageExternal?.addListener((message: unknown, sender) =>
    acceptExternalToken(message, sender).then(async (reply) => {
      if (reply.ok) await refreshBadge();
      return reply;
    }),
  );

  // The same handlers the browser calls, reachable from the service worker's console and the
  // browser tests (which cannot click a context menu or wait a minute for the alarm).
  Object.assign(globalThis, {
    postloom: {
      handleMenuClick,
      refreshBadge,
      runAlarm: () => refreshBadge(),
      alarmName: BADGE_ALARM,
    },
  });
});
