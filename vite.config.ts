import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const APEXCHARTS_SOURCES = path.resolve('node_modules/apexcharts/src');

/**
 * apexcharts ships one minified 576 kB file, more than Vite's 500 kB chunk limit and impossible
 * to split. Built from its ES sources instead (what its own build starts from), its modules can
 * go into chunks of a bounded size. Its sources import their stylesheet and icons as text.
 */
function apexchartsFromSources(): Plugin {
  return {
    name: 'postloom:apexcharts-from-sources',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source === 'apexcharts') return path.join(APEXCHARTS_SOURCES, 'apexcharts.js');
      if (!importer?.startsWith(APEXCHARTS_SOURCES) || !/\.(css|svg)$/.test(source)) return null;
      return `${path.resolve(path.dirname(importer), source)}?raw`;
    },
  };
}

// The web app: sources in webapp/, built into dist/webapp and served by the Hono server.
export default defineConfig({
  root: 'webapp',
  plugins: [react(), tailwindcss(), apexchartsFromSources()],
  build: {
    outDir: '../dist/webapp',
    emptyOutDir: true,
    // No source maps: the served bundle must not hand out the sources (and their comments).
    sourcemap: false,
    // dist/webapp/.vite/manifest.json (not served) tells `npm run bench:bundle` which chunks each
    // page loads.
    manifest: true,
    rolldownOptions: {
      output: {
        // The charts (only the analytics page loads them) in pieces under the 500 kB limit
        // (maxSize counts the modules' bytes before minifying: about 300 kB minified at most).
        codeSplitting: {
          groups: [{ name: 'apexcharts', test: /node_modules[\\/]apexcharts[\\/]/, maxSize: 800_000 }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
