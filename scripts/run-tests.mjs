// `npm test` after the build runs every test in three lanes side by side (decision 0022):
//   api-1, api-2  the unit project (API and services on real databases) in two shards; api-2 then runs the e2e
//                 files that drive no browser (server processes: start, shutdown, fleet, bundle budget)
//   browser       the e2e files that drive Chromium, one at a time (never two browsers at once)
// Vitest alone runs projects with different worker limits one after the other, on one core of the machine's two.
// With arguments (`npm test -- src/x.test.ts`), one plain `vitest run` with them instead.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

const vitest = ['node_modules/vitest/vitest.mjs', 'run'];
const args = process.argv.slice(2);

const e2eDir = 'tests/e2e';
const serverOnlyJourneys = readdirSync(e2eDir)
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => path.join(e2eDir, name))
  .filter((file) => !readFileSync(file, 'utf8').includes("from '../support/browser'"));

let stopping = false;
const children = new Set();
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.once(sig, () => {
    stopping = true;
    for (const child of children) child.kill(sig);
  });
}

function vitestRun(label, extra) {
  return new Promise((resolve) => {
    if (stopping) return resolve(1);
    const child = spawn(process.execPath, [...vitest, ...extra], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    });
    children.add(child);
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: stream }).on('line', (line) =>
        out.write(label ? `[${label}] ${line}\n` : `${line}\n`),
      );
    }
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function lane(label, runs) {
  const started = Date.now();
  let failed = 0;
  for (const extra of runs) {
    const code = await vitestRun(label, extra);
    if (code !== 0) failed = code;
  }
  return { label, code: failed, seconds: Math.round((Date.now() - started) / 1000) };
}

const started = Date.now();
const results = args.length
  ? [await lane('', [args])]
  : await Promise.all([
      lane('api-1', [['--project', 'unit', '--shard=1/2']]),
      lane('api-2', [
        ['--project', 'unit', '--shard=2/2'],
        ['--project', 'e2e', ...serverOnlyJourneys],
      ]),
      lane('browser', [['--project', 'e2e', ...serverOnlyJourneys.flatMap((file) => ['--exclude', file])]]),
    ]);
for (const { label, code, seconds } of results) {
  if (label) console.log(`${label} lane: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s`);
}
console.log(`tests took ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
