// Lighthouse mobile audit of the production build: / and one /campaign/:id.
//
//   npx tsx bench/lighthouse.ts            builds when dist/ is missing, starts the real server, audits, stops
//   npx tsx bench/lighthouse.ts --build    rebuilds first
//   LIGHTHOUSE_URL=http://host:port npx tsx bench/lighthouse.ts   audits a server that is already running
//   LIGHTHOUSE_RUNS=5 …                    runs per page (the median run by performance score is reported)
//
//   LIGHTHOUSE_DUMP=/tmp/lhr …             also writes every run's full report (LHR JSON: LCP element, trace-based
//                                          diagnostics) into that folder
//
// Targets (issue 14): performance score >= 99, LCP < 1.5 s, CLS < 0.02 on both pages, each the median of the runs.
// The figures go to bench/results/lighthouse.json (with the machine and its load average).
//
// Lighthouse and chrome-launcher are not the root's packages (decision 0083): they are bench/lighthouse/'s, with its
// own package-lock.json, and bench/lighthouse/audit.ts is the one file that imports them. The first run installs that
// package (npm ci --prefix bench/lighthouse), then loads audit.ts; this file keeps the server, the medians and the
// results, and types what it takes from audit.ts itself (the root type check does not see that package).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, release, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM_SWITCHES } from '../tests/support/chromium-switches';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The bench package: its package.json, package-lock.json and audit.ts. */
const PACKAGE_DIR = path.join(ROOT, 'bench', 'lighthouse');

export const LIGHTHOUSE_TARGETS = { score: 99, lcpMs: 1500, cls: 0.02 } as const;
export const LIGHTHOUSE_RESULTS_FILE = path.join(ROOT, 'bench', 'results', 'lighthouse.json');

/** A page's figures: each the median of its runs' (LighthouseRunFigures). */
export interface LighthousePageResult extends LighthouseRunFigures {
  name: string;
  url: string;
  /** Every run's score and LCP; each reported figure is the median of its own runs. */
  runScores: number[];
  runLcpMs: number[];
  /** Score, LCP and CLS against LIGHTHOUSE_TARGETS. */
  pass: { score: boolean; lcp: boolean; cls: boolean };
}

export interface LighthouseOptions {
  /** Audit this running server instead of starting the production build. */
  baseUrl?: string | undefined;
  /** Rebuild (npm run build) before starting the server. */
  build?: boolean;
  /** Runs per page; the median of each figure is reported (default 3). */
  runs?: number;
  chromePath?: string;
  log?: (line: string) => void;
}

/** One Lighthouse run's figures (score 0–100, times in ms), as bench/lighthouse/audit.ts reads them off its report. */
export interface LighthouseRunFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

/** A Chrome started for Lighthouse: one audit per call, `close` stops it. */
export interface LighthouseAuditor {
  audit: (url: string) => Promise<LighthouseRunFigures>;
  close: () => void;
}

/** What bench/lighthouse/audit.ts exports; it types itself against this (`npx tsc -p bench/lighthouse`). */
export interface LighthouseAuditModule {
  openAuditor: (options: {
    chromePath: string;
    chromeFlags: readonly string[];
    dumpDir?: string | undefined;
  }) => Promise<LighthouseAuditor>;
}

/** Whether bench/lighthouse/node_modules holds every package at the version bench/lighthouse/package.json pins. */
function benchPackageInstalled(): boolean {
  const manifest = JSON.parse(readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  return Object.entries(manifest.dependencies).every(([name, version]) => {
    const installed = path.join(PACKAGE_DIR, 'node_modules', name, 'package.json');
    return existsSync(installed) && JSON.parse(readFileSync(installed, 'utf8')).version === version;
  });
}

/** Installs the bench package when it is missing (or not at its pinned versions), then loads its audit.ts. */
async function loadAuditModule(log: (line: string) => void): Promise<LighthouseAuditModule> {
  if (!benchPackageInstalled()) {
    const prefix = path.relative(process.cwd(), PACKAGE_DIR) || '.';
    const command = ['ci', '--prefix', prefix, '--no-audit', '--no-fund'];
    log(`installing the Lighthouse bench package: npm ${command.join(' ')}`);
    const install = spawnSync('npm', command, { stdio: 'inherit' });
    if (install.status !== 0) throw new Error(`npm ${command.join(' ')} failed`);
  }
  // A computed specifier, so that the root type check does not follow it into a package it has not installed.
  const auditFile = pathToFileURL(path.join(PACKAGE_DIR, 'audit.ts')).href;
  return (await import(auditFile)) as LighthouseAuditModule;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${baseUrl}/api/health within ${timeoutMs / 1000} s`);
}

/** Starts dist/server/index.js on a free port with a fresh data folder and the demo catalogue. */
async function startProductionServer(log: (line: string) => void) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mintbox-lighthouse-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/server/index.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      // A production start needs one; the audit sends no mail, so nothing listens there.
      SMTP_URL: 'smtp://127.0.0.1:9',
      SEED_DEMO_DATA: 'true',
      LAUNCH_MODE: 'public',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${errors}`);
  }
  log(`production server on ${baseUrl} (data in ${dataDir})`);
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function firstCampaignId(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/campaigns?limit=1`);
  const page = (await response.json()) as { items?: Array<{ id: number }> };
  const id = page.items?.[0]?.id;
  if (!id) throw new Error('no public campaign to audit: seed the demo data (SEED_DEMO_DATA=true)');
  return id;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function auditPage(
  auditor: LighthouseAuditor,
  name: string,
  url: string,
  runs: number,
): Promise<LighthousePageResult> {
  const runsOf: LighthouseRunFigures[] = [];
  for (let run = 0; run < runs; run += 1) runsOf.push(await auditor.audit(url));
  const of = (key: keyof LighthouseRunFigures) => median(runsOf.map((r) => r[key]));
  const result = {
    name,
    url,
    score: of('score'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    speedIndexMs: of('speedIndexMs'),
    runScores: runsOf.map((r) => r.score),
    runLcpMs: runsOf.map((r) => Math.round(r.lcpMs)),
  };
  return {
    ...result,
    pass: {
      score: result.score >= LIGHTHOUSE_TARGETS.score,
      lcp: result.lcpMs < LIGHTHOUSE_TARGETS.lcpMs,
      cls: result.cls < LIGHTHOUSE_TARGETS.cls,
    },
  };
}

const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');

export function formatLighthouse(results: LighthousePageResult[]): string {
  const { score, lcpMs, cls } = LIGHTHOUSE_TARGETS;
  const rows = results.map((r) =>
    [
      r.name.padEnd(16),
      `${r.score} ${mark(r.pass.score)}`.padStart(9),
      `${(r.lcpMs / 1000).toFixed(2)} s ${mark(r.pass.lcp)}`.padStart(13),
      `${r.cls.toFixed(3)} ${mark(r.pass.cls)}`.padStart(11),
      `${Math.round(r.tbtMs)} ms`.padStart(8),
      `${(r.fcpMs / 1000).toFixed(2)} s`.padStart(8),
      `  runs: ${r.runScores.join(', ')} (LCP ${r.runLcpMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s)`,
    ].join(' '),
  );
  return [
    'Lighthouse, mobile (simulated slow 4G, 4x CPU slowdown), median of each figure over the runs',
    `${'page'.padEnd(16)} ${'score'.padStart(9)} ${'LCP'.padStart(13)} ${'CLS'.padStart(11)} ${'TBT'.padStart(8)} ${'FCP'.padStart(8)}`,
    ...rows,
    `targets: score >= ${score}, LCP < ${lcpMs / 1000} s, CLS < ${cls}`,
  ].join('\n');
}

/** The figures with the machine they were measured on, as bench/results/lighthouse.json holds them. */
function writeResults(results: LighthousePageResult[], loadBefore: number[], runs: number): void {
  mkdirSync(path.dirname(LIGHTHOUSE_RESULTS_FILE), { recursive: true });
  const round = (values: number[]) => values.map((v) => Math.round(v * 100) / 100);
  writeFileSync(
    LIGHTHOUSE_RESULTS_FILE,
    `${JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        machine: {
          cpu: cpus()[0]?.model ?? 'unknown',
          cores: cpus().length,
          memoryGb: Math.round(totalmem() / 1024 ** 3),
          os: release(),
          node: process.version,
          loadAverageBefore: round(loadBefore),
          loadAverageAfter: round(loadavg()),
        },
        runsPerPage: runs,
        targets: LIGHTHOUSE_TARGETS,
        pages: results,
      },
      null,
      2,
    )}\n`,
  );
}

/** Audits / and one campaign page; starts (and stops) the production build unless `baseUrl` is given. */
export async function runLighthouse(options: LighthouseOptions = {}): Promise<LighthousePageResult[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const runs = Math.max(1, options.runs ?? 3);
  const loadBefore = loadavg();
  let server: Awaited<ReturnType<typeof startProductionServer>> | undefined;
  let auditor: LighthouseAuditor | undefined;
  try {
    const { openAuditor } = await loadAuditModule(log);
    let baseUrl = options.baseUrl?.replace(/\/+$/, '');
    if (!baseUrl) {
      const built =
        existsSync(path.join(ROOT, 'dist/server/index.js')) &&
        existsSync(path.join(ROOT, 'dist/web/index.html'));
      if (options.build || !built) {
        log('building (npm run build)…');
        const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
        if (build.status !== 0) throw new Error('npm run build failed');
      }
      server = await startProductionServer(log);
      baseUrl = server.baseUrl;
    }
    const campaignId = await firstCampaignId(baseUrl);
    auditor = await openAuditor({
      chromePath: options.chromePath ?? process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROMIUM_SWITCHES,
      dumpDir: process.env.LIGHTHOUSE_DUMP,
    });
    const pages = [
      { name: '/', url: `${baseUrl}/` },
      { name: `/campaign/${campaignId}`, url: `${baseUrl}/campaign/${campaignId}` },
    ];
    const results: LighthousePageResult[] = [];
    for (const page of pages) {
      log(`auditing ${page.url} (${runs} run${runs === 1 ? '' : 's'})…`);
      results.push(await auditPage(auditor, page.name, page.url, runs));
    }
    writeResults(results, loadBefore, runs);
    log(`written ${path.relative(process.cwd(), LIGHTHOUSE_RESULTS_FILE)}`);
    return results;
  } finally {
    auditor?.close();
    await server?.stop();
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  runLighthouse({
    baseUrl: process.env.LIGHTHOUSE_URL,
    build: process.argv.includes('--build'),
    runs: process.env.LIGHTHOUSE_RUNS ? Number(process.env.LIGHTHOUSE_RUNS) : undefined,
  })
    .then((results) => {
      console.log(formatLighthouse(results));
      console.log(
        `load average: ${loadavg()
          .map((v) => v.toFixed(1))
          .join(', ')}`,
      );
      const missed = results.filter((r) => !r.pass.score || !r.pass.lcp || !r.pass.cls);
      if (missed.length > 0) console.log(`below target: ${missed.map((r) => r.name).join(', ')}`);
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(1);
    });
}
