/**
 * `npm run bench:table`: bench/README.md's one table (issue 44, "Done when") from one run: the catalogue against its
 * ceiling (`bench/run.ts`, PostgreSQL, Lighthouse off), one campaign by id kept ready (`bench/answer-cache.ts`, with
 * the peer when BENCH_PEER_URL is set, see "Peer comparison"), the operator suite (`bench/run.ts --suite operator`)
 * and the first-load budget (`bench/first-load.ts`, the production build, built first when missing), with the
 * machine and its load average before and after each step. Prints the table and writes it into bench/README.md
 * between its `bench-table` markers.
 *
 * Knobs: DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_TABLE_STEPS (`catalogue,by-id,operator`:
 * the steps to run; the others are read from their last results in bench/results/), BENCH_PEER_URL, and every
 * knob of the steps themselves (BENCH_DURATION …).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { firstLoadWeights, webDir } from './first-load';
import { type OperatorResults, operatorRows } from './operator/table-rows';

const root = path.resolve(import.meta.dirname, '..');
const results = (file: string) => path.join(import.meta.dirname, 'results', file);
const DATABASE_URL = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const STEPS = (process.env.BENCH_TABLE_STEPS ?? 'catalogue,by-id,operator').split(',').map((s) => s.trim());
const load1 = () => (loadavg()[0] ?? 0).toFixed(1);
const STEP_LOADS = path.join(import.meta.dirname, 'results', 'table-steps.json');
/** Each step's start and load average before and after, kept so a table made from earlier results still shows them. */
const loads: Record<string, string> = existsSync(STEP_LOADS)
  ? JSON.parse(readFileSync(STEP_LOADS, 'utf8'))
  : {};

/** Runs one step (a child process, its output passed through); a MISS (exit code 1) does not stop the table. */
function step(name: string, args: string[], env: Record<string, string> = {}) {
  if (!STEPS.includes(name)) return;
  const before = load1();
  const at = new Date().toISOString().slice(11, 16);
  const run = spawnSync(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL, ...env },
  });
  loads[name] = `${name} (${at} UTC) ${before} → ${load1()}`;
  mkdirSync(path.dirname(STEP_LOADS), { recursive: true });
  writeFileSync(STEP_LOADS, JSON.stringify(loads, null, 2));
  if (run.status !== 0) console.error(`${name}: exit code ${run.status} (its table above says why)`);
}

const read = <T>(file: string): T | undefined =>
  existsSync(results(file)) ? (JSON.parse(readFileSync(results(file), 'utf8')) as T) : undefined;
const pass = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Catalogue {
  date: string;
  cases: Array<
    { name: string; app: { requestsPerSecond: number }; ceiling: { requestsPerSecond: number } } & {
      shareOfCeiling: number;
      pass: boolean;
      appAt10: { p99: number };
    }
  >;
}
interface ByIdSummary {
  rps: number;
  p99: number;
}
interface ById {
  at: string;
  summary: Record<string, ByIdSummary>;
  cachedOverUncached: number;
  cachedOverPeer: number | null;
}
function rows(): string[] {
  const lines: string[] = [];
  const catalogue = read<Catalogue>('latest.json');
  for (const c of catalogue?.cases ?? []) {
    lines.push(
      `| catalogue: ${c.name} | ${c.app.requestsPerSecond.toFixed(0)} req/s, ${c.shareOfCeiling.toFixed(1)} % of the ceiling's ${c.ceiling.requestsPerSecond.toFixed(0)}, p99 @10 ${c.appAt10.p99.toFixed(0)} ms | >= 75 % | ${pass(c.pass)} |`,
    );
  }
  const byId = read<ById>('answer-cache.json');
  if (byId) {
    const { cached, uncached, peer } = byId.summary;
    lines.push(
      `| by id, kept ready | ${cached?.rps.toFixed(0)} req/s, p99 @50 ${cached?.p99.toFixed(0)} ms; computed ${uncached?.rps.toFixed(0)} req/s (${byId.cachedOverUncached.toFixed(1)}x) | — | — |`,
    );
    lines.push(
      peer && byId.cachedOverPeer !== null
        ? `| by id against the peer | peer ${peer.rps.toFixed(0)} req/s, p99 @50 ${peer.p99.toFixed(0)} ms: ${byId.cachedOverPeer.toFixed(1)}x | >= 10x | ${pass(byId.cachedOverPeer >= 10)} |`
        : '| by id against the peer | not run (BENCH_PEER_URL unset) | >= 10x | — |',
    );
  }
  const operator = read<OperatorResults>('operator.json');
  lines.push(
    ...(operator
      ? operatorRows(operator)
      : [
          '| operator suite | no results: the step did not finish (its log says why) | p99 @10 < 50 ms | MISS |',
        ]),
  );
  const weights = firstLoadWeights();
  for (const [page, weight] of [
    ['/', weights.home],
    ['/campaign/:id', weights.campaign],
  ] as const) {
    lines.push(
      `| first load ${page} (gzip) | ${kb(weight.total)} | <= 90 KB | ${pass(weight.total <= 90 * 1024)} |`,
    );
  }
  return lines;
}

function main() {
  const started = new Date();
  const machine = `${cpus()[0]?.model ?? 'unknown'}, ${cpus().length} cores, ${Math.round(totalmem() / 1024 ** 3)} GB, Node ${process.version}`;
  step('catalogue', ['bench/run.ts'], { BENCH_LIGHTHOUSE: 'false' });
  step('by-id', ['bench/answer-cache.ts'], { BENCH_ROWS: process.env.BENCH_ROWS ?? '100000' });
  step('operator', ['bench/run.ts', '--suite', 'operator']);
  if (!existsSync(path.join(webDir, '.vite/manifest.json'))) {
    spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  }
  const table = [
    `Table written ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${machine}; load average (1 min) before → after each step: ${Object.values(loads).join('; ') || 'not recorded'}.`,
    '',
    '| measure | figure | target | |',
    '|---|---|---|---|',
    ...rows(),
  ].join('\n');
  console.log(`\n${table}`);
  const readme = path.join(import.meta.dirname, 'README.md');
  const text = readFileSync(readme, 'utf8');
  const marked = /<!-- bench-table:start -->[\s\S]*<!-- bench-table:end -->/;
  if (marked.test(text)) {
    writeFileSync(
      readme,
      text.replace(marked, `<!-- bench-table:start -->\n${table}\n<!-- bench-table:end -->`),
    );
  }
}

main();
