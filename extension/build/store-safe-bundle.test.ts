import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLegacyPolyfill, rewriteSource, STORE_SAFE_REWRITES } from './store-safe-bundle';

const require = createRequire(import.meta.url);
const modules = path.resolve('node_modules');

/** A dependency's file as installed, with the path the bundler gives the plugin. */
function installed(file: string): { id: string; code: string } {
  const id = path.join(modules, file).replaceAll('\\', '/');
  return { id, code: fs.readFileSync(id, 'utf8') };
}

describe('the store-safe extension bundle', () => {
  it("removes zod's eval probe and its compiler from the installed zod", () => {
    const util = installed('zod/v4/core/util.js');
    expect(util.code).toContain('new F("")');
    const probe = rewriteSource(util.id, util.code);
    expect(probe).not.toContain('new F("")');
    expect(probe).not.toMatch(/=\s*Function\b/);

    const doc = installed('zod/v4/core/doc.js');
    const compiler = rewriteSource(doc.id, doc.code);
    expect(compiler).not.toMatch(/=\s*Function\b/);
    expect(compiler).toContain('compiles no code at run time');
  });

  it('turns both innerHTML sinks of the installed React DOM into an error, leaving its fixed markup alone', () => {
    for (const build of ['production', 'development']) {
      const client = installed(`react-dom/cjs/react-dom-client.${build}.js`);
      const rewritten = rewriteSource(client.id, client.code) ?? '';
      expect(rewritten).not.toContain('domElement.innerHTML = key');
      expect(rewritten.split('renders no raw HTML').length - 1).toBe(2);
      // React's own constant markup for <script> stays (a string literal is not a sink).
      expect(rewritten).toContain('innerHTML = "<script>');
    }
  });

  it('leaves other modules untouched', () => {
    const react = installed('react/cjs/react.production.js');
    expect(rewriteSource(react.id, react.code)).toBeNull();
  });

  it('fails the build when a dependency no longer has the text a rewrite expects', () => {
    const util = installed('zod/v4/core/util.js');
    expect(() => rewriteSource(util.id, util.code.replace('new F("");', 'new F("1");'))).toThrow(
      /expected 1 × .* found 0\. A dependency changed/,
    );
    const client = installed('react-dom/cjs/react-dom-client.production.js');
    const thrice = `${client.code}\n(domElement.innerHTML = key);`;
    expect(() => rewriteSource(client.id, thrice)).toThrow(/expected 2 × .* found 3/);
  });

  it("drops only twitter-text's core-js polyfills", () => {
    const twitterText = require.resolve('twitter-text').replaceAll('\\', '/');
    expect(isLegacyPolyfill('core-js/modules/es6.regexp.replace', twitterText)).toBe(true);
    expect(isLegacyPolyfill('core-js/modules/es6.regexp.replace', '/app/extension/features/x.ts')).toBe(
      false,
    );
    expect(isLegacyPolyfill('twemoji', twitterText)).toBe(false);
    expect(isLegacyPolyfill('core-js/modules/es6.symbol', undefined)).toBe(false);
  });

  it('applies each rewrite to one dependency file only', () => {
    for (const rewrite of STORE_SAFE_REWRITES) expect(rewrite.module.source).toContain('node_modules');
  });
});
