import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // Maps without the sourceMappingURL comment; scripts/build-server.mjs moves them out of dist/web (decision 0012).
    sourcemap: 'hidden',
    assetsDir: 'assets',
    reportCompressedSize: false,
    // dist/web/.vite/manifest.json: which chunks each page loads (read by tests/e2e/bundle-budget.test.ts).
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:3001' },
  },
});
