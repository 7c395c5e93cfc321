// `npm run build`, and the first `npm start` (scripts/start.mjs): the build's steps one after another, each named as
// it starts and timed as it ends, so a first start is never a minute of silence (issue 41). On a terminal a line
// counts the seconds while a step runs; elsewhere (CI, a log file) only the step lines are written.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');

/** The build: the web app, the server render of / and /campaign/:id, then the server bundle (with compression). */
export const BUILD_STEPS = [
  { label: 'the web app', args: [vite, 'build', '--logLevel', 'warn'] },
  {
    label: 'the server render',
    args: [vite, 'build', '--ssr', 'src/web/server-entry.tsx', '--logLevel', 'warn'],
  },
  { label: 'the server', args: [path.join(root, 'scripts/build-server.mjs')] },
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs `steps` in order with `run(step)` (a promise of the exit code), writing each step's start and end to `out`;
 * `tick` (a terminal) also rewrites a line with the seconds spent every second. Stops at the first step that fails.
 * Returns the exit code (0 when every step succeeded).
 */
export async function runSteps(steps, run, { out, tick = false, now = () => performance.now() } = {}) {
  const started = now();
  out.write(`Building Mintbox (${steps.length} steps; the first build takes about a minute)…\n`);
  for (const [index, step] of steps.entries()) {
    const name = `[${index + 1}/${steps.length}] ${step.label}`;
    const stepStarted = now();
    out.write(`${name}…${tick ? '' : '\n'}`);
    const timer = tick
      ? setInterval(() => out.write(`\r${name}… ${Math.round((now() - stepStarted) / 1000)} s`), 1000)
      : undefined;
    let code;
    try {
      code = await run(step);
    } finally {
      if (timer) clearInterval(timer);
    }
    const took = seconds(now() - stepStarted);
    if (code !== 0) {
      out.write(`${tick ? '\r' : ''}${name} failed after ${took} (exit code ${code}).\n`);
      return code || 1;
    }
    out.write(`${tick ? '\r' : ''}${name} done in ${took}.\n`);
  }
  out.write(`Build ready in ${seconds(now() - started)}.\n`);
  return 0;
}

/** One step as a child process, its own output (warnings, errors) passed through. */
function runStep(step) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, step.args, { cwd: root, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

/** Builds with progress on standard error (standard output stays free for what runs after). */
export function build() {
  return runSteps(BUILD_STEPS, runStep, { out: process.stderr, tick: process.stderr.isTTY === true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await build();
}
