import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  publicDir: 'public',
  build: isSsrBuild
    ? {
        // `vite build --ssr src/web/server-entry.tsx`: the server render of / and /campaign/:id (decision 0018),
        // loaded by src/server/web.ts. npm packages stay external (the server has them in node_modules).
        outDir: 'dist/ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
        reportCompressedSize: false,
      }
    : {
        outDir: 'dist/web',
        emptyOutDir: true,
        // Maps without the sourceMappingURL comment; scripts/build-server.mjs moves them out of dist/web (decision 0012).
        sourcemap: 'hidden' as const,
        assetsDir: 'assets',
        reportCompressedSize: false,
        // dist/web/.vite/manifest.json: which chunks each page loads (read by tests/e2e/bundle-budget.test.ts).
        manifest: true,
        // Every browser we support preloads modules itself; the polyfill cost the first load 0.3 KB (decision 0018).
        modulePreload: { polyfill: false },
      },
  server: {
    proxy: { '/api': 'http://localhost:3001' },
  },
}));
