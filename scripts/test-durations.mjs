// `node scripts/test-durations.mjs`: copies the file durations of the last vitest runs (vitest keeps them in
// node_modules/.vite/vitest/*/results.json) into tests/durations.json, which the test sequencer reads to start the
// slowest files first (vitest.config.ts, decision 0022). Run it after a whole `npm test` when files were added or
// got much slower or faster; a file missing from the list only starts later than it could.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const cacheDir = 'node_modules/.vite/vitest';
const target = 'tests/durations.json';
const durations = existsSync(target) ? JSON.parse(readFileSync(target, 'utf8')) : {};
let updated = 0;
for (const dir of existsSync(cacheDir) ? readdirSync(cacheDir) : []) {
  const file = path.join(cacheDir, dir, 'results.json');
  if (!existsSync(file)) continue;
  for (const [key, result] of JSON.parse(readFileSync(file, 'utf8')).results) {
    if (!result?.duration || result.failed) continue;
    durations[key] = Math.round(result.duration);
    updated += 1;
  }
}
// Files that no longer exist leave the list.
for (const key of Object.keys(durations)) {
  if (!existsSync(key.slice(key.indexOf(':') + 1))) delete durations[key];
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(target, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${target}: ${Object.keys(sorted).length} files, ${updated} durations from ${cacheDir}`);
