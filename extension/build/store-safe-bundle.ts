import type { Plugin } from 'vite';

/**
 * The extension bundles' answer to the stores' reviewers (Mozilla's addons-linter): no code is
 * compiled from strings and no HTML is parsed from strings, because none of it is there.
 *
 * - zod 4 compiles a fast parser with `new Function` unless told otherwise; the extension tells it
 *   (`z.config({ jitless: true })`, see features/runtime/zod-jitless.ts) and this build removes the
 *   probe and the compiler that the setting leaves unused.
 * - twitter-text ships core-js 2 polyfills for ES2015 (one of them finds the global object with
 *   `Function('return this')`); every browser the extension supports has ES2015 built in, so its
 *   polyfill imports resolve to an empty module.
 * - React DOM sets `innerHTML` only for `dangerouslySetInnerHTML`, which the extension never uses
 *   (biome's noDangerouslySetInnerHtml keeps it so): that sink throws instead.
 *
 * Each rewrite must find its text exactly as often as expected, so a dependency update that moves
 * it fails the build here rather than shipping the old code unnoticed.
 */
export interface SourceRewrite {
  /** Which module (its resolved path, with forward slashes) the rewrite applies to. */
  module: RegExp;
  find: string;
  replace: string;
  /** How many times `find` occurs in that module. */
  count: number;
}

const RAW_HTML_REFUSED =
  '(function () { throw new Error("The Postloom extension renders no raw HTML (dangerouslySetInnerHTML)."); })()';

export const STORE_SAFE_REWRITES: SourceRewrite[] = [
  {
    // The probe that tries `new Function("")` to learn whether the JIT may run: it may not.
    module: /\/node_modules\/zod\/v4\/core\/util\.js$/,
    find: 'const F = Function;\n        new F("");\n        return true;',
    replace: 'return false;',
    count: 1,
  },
  {
    // The JIT itself (only reached when the probe said yes).
    module: /\/node_modules\/zod\/v4\/core\/doc\.js$/,
    find: 'const F = Function;',
    replace: 'throw new Error("The Postloom extension compiles no code at run time (zod jitless).");',
    count: 1,
  },
  {
    module: /\/node_modules\/react-dom\/cjs\/react-dom-client\.(production|development)\.js$/,
    find: '(domElement.innerHTML = key)',
    replace: RAW_HTML_REFUSED,
    count: 2,
  },
];

const EMPTY_POLYFILL = '\0postloom-empty-polyfill';

/** Applies the rewrites that match `id` to `code`; throws when a rewrite's text is not found as expected. */
export function rewriteSource(id: string, code: string, rewrites = STORE_SAFE_REWRITES): string | null {
  const path = id.replaceAll('\\', '/').split('?')[0] ?? id;
  let result: string | null = null;
  for (const rewrite of rewrites) {
    if (!rewrite.module.test(path)) continue;
    const source: string = result ?? code;
    const found = source.split(rewrite.find).length - 1;
    if (found !== rewrite.count) {
      throw new Error(
        `store-safe bundle: expected ${rewrite.count} × ${JSON.stringify(rewrite.find)} in ${path}, found ${found}. ` +
          'A dependency changed: check what the rewrite removes and update extension/build/store-safe-bundle.ts.',
      );
    }
    result = source.replaceAll(rewrite.find, rewrite.replace);
  }
  return result;
}

/** Whether an import is one of twitter-text's core-js 2 polyfills. */
export function isLegacyPolyfill(source: string, importer: string | undefined): boolean {
  return (
    source.startsWith('core-js/modules/') &&
    importer?.replaceAll('\\', '/').includes('/node_modules/twitter-text/') === true
  );
}

export function storeSafeBundle(): Plugin {
  return {
    name: 'postloom:store-safe-bundle',
    enforce: 'pre',
    resolveId(source, importer) {
      return isLegacyPolyfill(source, importer) ? EMPTY_POLYFILL : null;
    },
    load(id) {
      return id === EMPTY_POLYFILL ? 'export {};' : null;
    },
    transform(code, id) {
      const rewritten = rewriteSource(id, code);
      return rewritten === null ? null : { code: rewritten, map: null };
    },
  };
}
