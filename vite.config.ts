import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const WEB_ENTRY = path.resolve(import.meta.dirname, 'src/web/main.tsx');
/** The two public pages' own code, each loaded beside the first load (the server preloads it on its page). */
const PAGE_CHUNKS = {
  home: path.resolve(import.meta.dirname, 'src/web/app/home-route.tsx'),
  'campaign-page': path.resolve(import.meta.dirname, 'src/web/features/campaigns/campaign-page.tsx'),
};
type PublicChunk = 'first-load' | keyof typeof PAGE_CHUNKS;
const PUBLIC_CHUNKS: readonly PublicChunk[] = ['first-load', 'home', 'campaign-page'];

/**
 * An index that re-exports a whole package: the graph counts every name it re-exports (tree-shaking comes later),
 * so through it a public chunk would claim icons only the admin pages use. The public pages import each icon by
 * its path (`lucide-react/icons/gift`), which the graph follows exactly.
 */
const WHOLE_PACKAGE_INDEX = /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
/**
 * TanStack Query is not part of the public pages (decision 0044): should one of their modules import it again, it
 * shows as a chunk of its own in the budget test's report instead of hiding in these.
 */
const NEVER_PUBLIC = /@tanstack[\\/](react-query|query-core)[\\/]/;

type ModuleInfoOf = (id: string) => { importedIds: readonly string[] } | null;

/** Every module `from` imports statically, itself included. */
function staticClosure(from: string, getModuleInfo: ModuleInfoOf) {
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id)) return;
    found.add(id);
    for (const next of getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  visit(from);
  return found;
}

/**
 * Which public chunk each module of / and /campaign/:id goes to (decision 0051): what the entry imports and what
 * both pages use in `first-load`, the rest in its page's chunk. Read once per build from the module graph.
 */
function publicChunks(getModuleInfo: ModuleInfoOf) {
  const entry = staticClosure(WEB_ENTRY, getModuleInfo);
  const home = staticClosure(PAGE_CHUNKS.home, getModuleInfo);
  const campaign = staticClosure(PAGE_CHUNKS['campaign-page'], getModuleInfo);
  const chunkOf = new Map<string, PublicChunk>();
  for (const id of [...entry, ...home, ...campaign]) {
    if (WHOLE_PACKAGE_INDEX.test(id)) {
      throw new Error(
        'A module of / or /campaign/:id imports lucide-react by its index: import each icon by its path (lucide-react/icons/<name>)',
      );
    }
    const shared = entry.has(id) || (home.has(id) && campaign.has(id));
    if (!NEVER_PUBLIC.test(id))
      chunkOf.set(id, shared ? 'first-load' : home.has(id) ? 'home' : 'campaign-page');
  }
  return chunkOf;
}

let chunkOf: Map<string, PublicChunk> | undefined;

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
              groups: PUBLIC_CHUNKS.map((chunk) => ({
                debugName: chunk,
                name: (id: string, ctx: { getModuleInfo: ModuleInfoOf }) => {
                  chunkOf ??= publicChunks((moduleId) => ctx.getModuleInfo(moduleId));
                  if (id === WEB_ENTRY || id === PAGE_CHUNKS.home || id === PAGE_CHUNKS['campaign-page'])
                    return null;
                  return chunkOf.get(id) === chunk ? chunk : null;
                },
              })),
            },
          },
        },
      },
  server: {
    proxy: { '/api': 'http://localhost:3001' },
  },
}));
