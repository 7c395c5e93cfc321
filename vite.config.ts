import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const WEB_ENTRY = path.resolve(import.meta.dirname, 'src/web/main.tsx');

/**
 * Every module the entry imports statically (what / needs before it is interactive), or null for the rest. Read
 * once per build from the module graph.
 */
function firstLoadModules(getModuleInfo: (id: string) => { importedIds: readonly string[] } | null) {
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id)) return;
    found.add(id);
    for (const next of getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  visit(WEB_ENTRY);
  return found;
}

let firstLoad: Set<string> | undefined;

/**
 * Modules a package's index names but / does not use (the graph counts every name an index re-exports, tree-shaking
 * comes later): lucide-react's icons, left to the automatic chunks. TanStack Query is not part of the first load at
 * all (decision 0044): should a public page's module import it again, it shows as a chunk of its own in the budget
 * test's report instead of hiding in this one.
 */
const REACHED_ONLY_THROUGH_AN_INDEX =
  /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]|@tanstack[\\/](react-query|query-core)[\\/]/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  publicDir: 'public',
  build: isSsrBuild
    ? {
        // `vite build --ssr src/web/server-entry.tsx`: the server render of / and /campaign/:id (decision 0018),
        // loaded by src/server/pages/web.ts. npm packages stay external (the server has them in node_modules).
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
        rolldownOptions: {
          output: {
            // What the entry imports statically goes into one chunk besides it (issue 44): a dozen small shared
            // chunks, each gzipped alone, cost / about 3 KB more than the same code in one file.
            codeSplitting: {
              groups: [
                {
                  debugName: 'first-load',
                  name: (id, ctx) => {
                    firstLoad ??= firstLoadModules((moduleId) => ctx.getModuleInfo(moduleId));
                    if (id === WEB_ENTRY || REACHED_ONLY_THROUGH_AN_INDEX.test(id)) return null;
                    return firstLoad.has(id) ? 'first-load' : null;
                  },
                },
              ],
            },
          },
        },
      },
  server: {
    proxy: { '/api': 'http://localhost:3001' },
  },
}));
