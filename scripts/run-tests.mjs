// `npm test` runs every test in three lanes side by side (decision 0022):
//   api-1, api-2  the unit project (API and services on real databases), split in two by the files' durations in
//                 tests/durations.json so both end together; api-2 also runs the pure project first, and the e2e
//                 files that drive no browser (server processes: start, shutdown, fleet, bundle budget) last.
//                 Neither needs the build for its unit files, so both start at once, beside the build. api-1 then
//                 runs the lightest browser journeys (about 45 s of them, API1_JOURNEYS_MS), one at a time.
//   browser       the other e2e files that drive Chromium, one at a time, after the build. Two Chromiums run at once
//                 only in the last minute or two, while api-1 has its journeys: that time was idle before (decision
//                 0068; two browsers for the whole run cost more CPU than they saved).
// Within each vitest process the slowest files start first (the sequencer in vitest.config.ts).
// The browser lane is the longest chain of work (the build, then one journey at a time), so it has the CPU first:
// the unit files of the api lanes run at a lower priority (`nice`), on the CPU the browser lane leaves idle
// (waiting for Chromium, PostgreSQL and timers). The server-process journeys keep the normal priority: they time
// how fast a process starts and stops.
// With arguments (`npm test -- src/x.test.ts`), the build and then one plain `vitest run` with them instead.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { unitTestLanes } from './test-lanes.mjs';

const vitest = ['node_modules/vitest/vitest.mjs', 'run'];
const args = process.argv.slice(2);

const e2eDir = 'tests/e2e';
const e2eFiles = readdirSync(e2eDir)
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => path.join(e2eDir, name));
const serverOnlyJourneys = e2eFiles.filter(
  (file) => !readFileSync(file, 'utf8').includes("from '../support/browser'"),
);

let stopping = false;
const children = new Set();
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.once(sig, () => {
    stopping = true;
    for (const child of children) child.kill(sig);
  });
}

/** `nice` lowers a process's priority on Linux and macOS (all its threads, from the start); elsewhere it is not used. */
const canNice = process.platform !== 'win32' && existsSync('/usr/bin/nice');

/**
 * Runs one command, its output lines prefixed with the lane; resolves with its exit code. `nice` (0-19) lowers its
 * priority.
 */
function run(label, command, commandArgs, nice = 0) {
  return new Promise((resolve) => {
    if (stopping) return resolve(1);
    const [file, fileArgs] =
      nice > 0 && canNice
        ? ['/usr/bin/nice', ['-n', String(nice), command, ...commandArgs]]
        : [command, commandArgs];
    const child = spawn(file, fileArgs, {
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

const vitestRun = (label, extra, nice = 0) => run(label, process.execPath, [...vitest, ...extra], nice);

/** The priority of the api lanes' unit files against the browser lane's journeys (see the top of this file). */
const UNIT_NICE = 10;

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

/**
 * The unit files in two lists of about the same total duration (longest first, each to the lighter lane); `head`
 * is what lane 2 runs besides (the server-process journeys), in ms. Files not in tests/durations.json count 5 s.
 */
function splitUnitFiles(databaseFiles, durations, head) {
  const files = databaseFiles
    .map((file) => ({ file, ms: durations[`unit:${file}`] ?? 5_000 }))
    .sort((a, b) => b.ms - a.ms || (a.file < b.file ? -1 : 1));
  const lanes = [
    { files: [], ms: 0 },
    { files: [], ms: head },
  ];
  for (const { file, ms } of files) {
    const lighter = lanes[0].ms <= lanes[1].ms ? lanes[0] : lanes[1];
    lighter.files.push(file);
    lighter.ms += ms;
  }
  return lanes.map((lane) => lane.files);
}

/**
 * The browser lane is the longest chain, and api-1 ends before it: api-1 runs the lightest browser journeys, about
 * this many ms of them (tests/durations.json), after its unit files, so for its last minute two Chromiums run at once
 * while the other cores' work is done (decision 0068). 56 s of them left the browser lane ending 30-37 s before
 * api-1 in three fresh-clone runs, 36 s left it ending 18-21 s after both api lanes (decision 0086). In Chromium's
 * headless shell (decision 0088), 38 s (the lightest nine) left it ending 20 s after them in a fresh clone; 46 s
 * (one more), 12-46 s before them in three runs whose unit files were slower (decisions 0088, 0089).
 */
const API1_JOURNEYS_MS = 46_000;

/** The browser journeys, lightest first, until their durations add up to `ms`. */
function lightestJourneys(durations, ms) {
  const journeys = e2eFiles
    .filter((file) => !serverOnlyJourneys.includes(file))
    .map((file) => ({ file, ms: durations[`e2e:${file}`] ?? 5_000 }))
    .sort((a, b) => a.ms - b.ms || (a.file < b.file ? -1 : 1));
  const chosen = [];
  let total = 0;
  for (const journey of journeys) {
    if (total >= ms) break;
    chosen.push(journey.file);
    total += journey.ms;
  }
  return chosen;
}

const started = Date.now();
let results;
if (args.length) {
  results = [await lane('', [needed(() => build('')), () => vitestRun('', args)])];
} else {
  const durations = JSON.parse(readFileSync('tests/durations.json', 'utf8'));
  const serversMs = serverOnlyJourneys.reduce((sum, file) => sum + (durations[`e2e:${file}`] ?? 5_000), 0);
  const { pure, database } = unitTestLanes(process.cwd());
  const [unit1, unit2] = splitUnitFiles(database, durations, serversMs);
  const tailJourneys = lightestJourneys(durations, API1_JOURNEYS_MS);
  results = await Promise.all([
    lane('api-1', [
      () => vitestRun('api-1', ['--project', 'unit', ...unit1], UNIT_NICE),
      needed(() => build('build')),
      () => vitestRun('api-1', ['--project', 'e2e', ...tailJourneys]),
    ]),
    lane('api-2', [
      () => vitestRun('api-2', ['--project', 'pure', '--project', 'unit', ...unit2, ...pure], UNIT_NICE),
      needed(() => build('build')),
      () => vitestRun('api-2', ['--project', 'e2e', ...serverOnlyJourneys]),
    ]),
    lane('browser', [
      needed(() => build('build')),
      () =>
        vitestRun('browser', [
          '--project',
          'e2e',
          ...[...serverOnlyJourneys, ...tailJourneys].flatMap((file) => ['--exclude', file]),
        ]),
    ]),
  ]);
}
for (const { label, code, seconds } of results) {
  if (label) console.log(`${label} lane: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s`);
}
console.log(`tests took ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
