import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(() => ({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      // In the browser, zod runs without its JIT: the JIT probes `new Function`, which our CSP (no
      // unsafe-eval) refuses and reports as a violation on every page that parses a schema.
      { find: /^zod$/, replacement: new URL('./src/web/lib/zod-jitless.ts', import.meta.url).pathname },
      ...Object.entries({
        '@shared': new URL('./src/shared', import.meta.url).pathname,
        '@': new URL('./src/web', import.meta.url).pathname,
      }).map(([find, replacement]) => ({ find, replacement })),
    ],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Off for what is served; BUILD_SOURCEMAPS=1 writes them, to trace a page's long tasks back to its sources.
    sourcemap: process.env.BUILD_SOURCEMAPS === '1',
    // The server reads it to preload each route's chunks (src/server/plugins/static.ts).
    manifest: true,
    // No <link rel="modulepreload"> inserted at run time for a lazily loaded chunk's imports: each insertion
    // held the main thread 10-15 ms in the middle of a first visit's start-up (a long task per lazy page or
    // part), for a head start of a few milliseconds on the browser's own fetching of a module's imports. The
    // server still announces a route's chunks in the HTML where that helps (plugins/route-preloads.ts).
    modulePreload: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/avatars': 'http://127.0.0.1:3000',
      '/downloads': 'http://127.0.0.1:3000',
    },
  },
}));
