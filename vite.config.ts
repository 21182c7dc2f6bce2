import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app: sources in webapp/, built into dist/webapp and served by the Hono server.
export default defineConfig({
  root: 'webapp',
  plugins: [react(), tailwindcss()],
  // No source maps: the served bundle must not hand out the sources (and their comments).
  // The manifest (dist/webapp/.vite/manifest.json, not served) tells `npm run bench:bundle`
  // which chunks each page loads.
  build: { outDir: '../dist/webapp', emptyOutDir: true, sourcemap: false, manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
