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
 * Modules no public page may import statically, and what to do instead. lucide-react's index re-exports every icon,
 * and the graph counts each (tree-shaking comes later), so through it a public chunk would claim icons only the admin
 * pages use; an icon imported by its path is followed exactly. TanStack Query left the public pages (decision 0044).
 */
const NOT_ON_PUBLIC_PAGES = [
  {
    test: /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/,
    instead: "import each icon by its path: import Gift from 'lucide-react/icons/gift'",
  },
  {
    test: /@tanstack[\\/](react-query|query-core)[\\/]/,
    instead:
      'read through the readers (lib/readers.ts), or load the part lazily with withQueryClient (decision 0044)',
  },
];

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
  const all = new Set([...entry, ...home, ...campaign]);
  for (const id of all) {
    const refused = NOT_ON_PUBLIC_PAGES.find(({ test }) => test.test(id));
    if (refused) {
      const importers = [...all].filter((other) => getModuleInfo(other)?.importedIds.includes(id));
      throw new Error(
        `${importers.map((file) => path.relative(import.meta.dirname, file)).join(', ')} (on / or /campaign/:id) imports ${path.relative(import.meta.dirname, id)}: ${refused.instead}`,
      );
    }
    const shared = entry.has(id) || (home.has(id) && campaign.has(id));
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
