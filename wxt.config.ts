import { defineConfig } from 'wxt';

// The browser extension: sources in extension/, Manifest V3 builds for Chrome and Firefox.
export default defineConfig({
  srcDir: 'extension',
  publicDir: 'extension/public',
  modulesDir: 'extension/modules',
  outDir: '.output',
  imports: false,
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  manifest: {
    name: 'Postloom',
    description: 'Post and schedule to your social accounts from the toolbar.',
  },
});
