import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ command }) => ({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@shared': new URL('./src/shared', import.meta.url).pathname,
      '@': new URL('./src/web', import.meta.url).pathname,
      // React Router's package exports point at its development build; the production build drops the
      // dev-only warnings (about a third of its size).
      ...(command === 'build'
        ? {
            'react-router': new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)
              .pathname,
          }
        : {}),
    },
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
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
