// Bundles the server (src/server/process/main.ts and the CLIs) into dist/server, keeping npm packages external,
// then precompresses the web build so the server can send .br/.gz files directly.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { STAMP_FILE, sourceStamp } from './build-stamp.mjs';

// Taken before building: an edit made while the build runs makes the next start build again.
const stamp = sourceStamp();

await build({
  entryPoints: {
    index: 'src/server/process/main.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
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
