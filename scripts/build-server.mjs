// Bundles the server (src/server/process/main.ts) into dist/server with the npm packages it uses (decision 0084), then
// precompresses the web build so the server can send .br/.gz files directly.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { STAMP_FILE, sourceStamp } from './build-stamp.mjs';

// Taken before building: an edit made while the build runs makes the next start build again.
const stamp = sourceStamp();

/**
 * Packages Node loads from node_modules as before: each finds files beside its own code at run time. The rest are
 * in the bundle: one file to read and compile instead of some 2,000 modules to resolve and load one by one, which
 * took most of a start's CPU before the database opened (decision 0084).
 */
const EXTERNAL = [
  // PGlite's WebAssembly, its data and its extensions (pg_trgm) are read from its own folder.
  '@electric-sql/pglite',
  // pino starts its transports (pino-pretty on a terminal) in a worker thread that loads them by path.
  'pino',
  'pino-pretty',
  // The docs page serves Swagger UI's files from the package's folder.
  'swagger-ui-dist',
  // pg's optional native binding: not installed, pg asks for it only when told to use it.
  'pg-native',
];

await build({
  entryPoints: {
    index: 'src/server/process/main.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL,
  // The CommonJS packages in the bundle call require() for Node's own modules (and pg for pg-native): an ES
  // module has no require of its own, so the bundle makes one.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  sourcemap: true,
  logLevel: 'warning',
});

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(name) || name === 'index.html') continue;
    const body = readFileSync(file);
    if (body.length < 1024) continue;
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}
// Source maps are for us, not for browsers: vite writes them "hidden" (no sourceMappingURL comment); they move out
// of the served folder to dist/sourcemaps (the same names), where a stack trace can be mapped by hand.
function moveSourceMaps(dir, into) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) moveSourceMaps(file, path.join(into, name));
    else if (name.endsWith('.map')) {
      mkdirSync(into, { recursive: true });
      renameSync(file, path.join(into, name));
    }
  }
}
rmSync('dist/sourcemaps', { recursive: true, force: true });
moveSourceMaps('dist/web', 'dist/sourcemaps');
precompress('dist/web');
writeFileSync(STAMP_FILE, `${stamp}\n`);
