// `npm test` runs every test in three lanes side by side (decision 0022):
//   api      the pure project (no database) and the unit project (API and services on real databases) in one
//            vitest process with two workers, slowest files first; needs no build, so it starts at once
//   servers  the e2e files that drive no browser (server processes: start, shutdown, fleet, bundle budget)
//   browser  the e2e files that drive Chromium, one at a time (never two browsers at once)
// The build runs beside the api lane; the servers and browser lanes start when it is done.
// With arguments (`npm test -- src/x.test.ts`), the build and then one plain `vitest run` with them instead.
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

/** Runs one command, its output lines prefixed with the lane; resolves with its exit code. */
function run(label, command, commandArgs) {
  return new Promise((resolve) => {
    if (stopping) return resolve(1);
    const child = spawn(command, commandArgs, {
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

const vitestRun = (label, extra) => run(label, process.execPath, [...vitest, ...extra]);

let built;
/** `npm run build`, once, whichever lane asks first. */
function build(label) {
  built ??= run(label, process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '--silent']);
  return built;
}

async function lane(label, steps) {
  const started = Date.now();
  let failed = 0;
  for (const step of steps) {
    const code = await step();
    if (code !== 0) {
      failed = code;
      if (step.needed) break;
    }
  }
  return { label, code: failed, seconds: Math.round((Date.now() - started) / 1000) };
}

/** A lane step that must pass for the next ones to make sense (the build). */
const needed = (step) => Object.assign(step, { needed: true });

const started = Date.now();
const results = args.length
  ? [await lane('', [needed(() => build('')), () => vitestRun('', args)])]
  : await Promise.all([
      lane('api', [() => vitestRun('api', ['--project', 'pure', '--project', 'unit', '--maxWorkers=2'])]),
      lane('servers', [
        needed(() => build('build')),
        () => vitestRun('servers', ['--project', 'e2e', ...serverOnlyJourneys]),
      ]),
      lane('browser', [
        needed(() => build('build')),
        () =>
          vitestRun('browser', [
            '--project',
            'e2e',
            ...serverOnlyJourneys.flatMap((file) => ['--exclude', file]),
          ]),
      ]),
    ]);
for (const { label, code, seconds } of results) {
  if (label) console.log(`${label} lane: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s`);
}
console.log(`tests took ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
