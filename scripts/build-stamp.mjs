// The build stamp: one hash over everything the build reads (sources, page, public files, configs, lockfile).
// `npm run build` writes it to dist/build-stamp.txt; `npm start` rebuilds only when it no longer matches.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const STAMP_FILE = 'dist/build-stamp.txt';

/** Files and folders the build depends on, relative to the project root. Tests do not change the build. */
const INPUTS = [
  'src',
  'public',
  'index.html',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'scripts/build-server.mjs',
  'scripts/build-stamp.mjs',
];
const SKIPPED = /\.test\.tsx?$/;

function listFiles(root, relative, into) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) listFiles(root, path.join(relative, name), into);
  } else if (!SKIPPED.test(relative)) {
    into.push(relative);
  }
}

/** The stamp of the sources as they are now. */
export function sourceStamp(root = process.cwd()) {
  const files = [];
  for (const input of INPUTS) listFiles(root, input, files);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The stamp of the last complete build, or null when there is none. */
export function builtStamp(root = process.cwd()) {
  const file = path.join(root, STAMP_FILE);
  const complete =
    existsSync(file) &&
    existsSync(path.join(root, 'dist/server/index.js')) &&
    existsSync(path.join(root, 'dist/web/index.html')) &&
    existsSync(path.join(root, 'dist/ssr/server-entry.js'));
  return complete ? readFileSync(file, 'utf8').trim() : null;
}
