import { defineConfig } from 'wxt';
import { storeSafeBundle } from './extension/build/store-safe-bundle';
import { EXTENSION_PUBLIC_KEY } from './shared/extension/identity';

// The server the extension talks to unless the user picks another in the options page.
const appUrl = new URL(process.env.APP_URL ?? 'http://localhost:3000');
const serverOrigin = appUrl.origin;
// Match patterns carry no port: this grants the build's host (any port) and nothing else. A
// self-hosted server on another host is granted at run time from the options page
// (optional_host_permissions + permissions.request), so the manifest never asks for all sites.
const serverHostPattern = `${appUrl.protocol}//${appUrl.hostname}/*`;

// The browser extension: sources in extension/, Manifest V3 builds for Chrome and Firefox.
export default defineConfig({
  srcDir: 'extension',
  publicDir: 'extension/public',
  modulesDir: 'extension/modules',
  outDir: '.output',
  imports: false,
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  // Firefox gets Manifest V3 too (WXT defaults Firefox to MV2).
  manifestVersion: 3,
  vite: () => ({
    // No code or HTML from strings in the bundles (the stores' linters check): see the plugin.
    plugins: [storeSafeBundle()],
    define: { 'import.meta.env.POSTLOOM_SERVER_URL': JSON.stringify(serverOrigin) },
  }),
  manifest: ({ browser }) => ({
    name: 'Postloom',
    description: 'Post and schedule to your social accounts from the toolbar.',
    permissions: ['storage', 'contextMenus', 'alarms', 'activeTab', 'tabs'],
    host_permissions: [serverHostPattern],
    optional_host_permissions: ['http://*/*', 'https://*/*'],
    action: { default_title: 'Postloom' },
    // "Sign in with the web app": only pages of the server may hand the extension a token.
    // Firefox does not support externally_connectable; its options page uses e-mail and password.
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'extension@postloom.app',
              // 140 (the ESR) is the first to take data_collection_permissions; 142 on Android.
              strict_min_version: '140.0',
              // What leaves the browser, all of it to the user's own Postloom server: the e-mail
              // and password of the options page's sign-in, the posts, and the page, link,
              // selected text or image the user schedules from a page (its address and title).
              data_collection_permissions: {
                required: [
                  'authenticationInfo',
                  'personalCommunications',
                  'websiteContent',
                  'browsingActivity',
                ],
              },
            },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {
          externally_connectable: { matches: [serverHostPattern] },
          // Pins the extension id, which the server allow-lists for "Sign in with the web app".
          key: EXTENSION_PUBLIC_KEY,
        }),
  }),
});
