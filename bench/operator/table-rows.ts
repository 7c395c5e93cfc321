/**
 * The operator suite's rows of bench/README.md's one table (`npm run bench:table`, issue 44), from one run's
 * `bench/results/operator.json`: each target of the suite on its own row, every MISS named with what it measured
 * (p99 at 10 connections, the apps' CPU per answer, the slowest statement's PostgreSQL time), the exports and the
 * background jobs. Loaded-machine latencies are not the verdict; the CPU per answer and the statements' time are.
 */
interface Load {
  p50: number;
  p99: number;
  requests: number;
  serverCpuMs?: number;
}

export interface OperatorResults {
  at: string;
  results: Array<{
    name: string;
    full?: { at10: Load };
    small?: { at10: Load };
    failure?: { status: string };
    ratio: number;
    p99Pass: boolean;
    ratioPass: boolean;
    scanPass: boolean;
    plans: Array<{ ms: number | null; seqScans: string[] }>;
    paging?: { firstPage: string; ratio: number; pass: boolean };
  }>;
  exports?: Array<{
    name: string;
    status: number;
    firstByteMs: number;
    maxFirstByteMs?: number;
    totalMs: number;
    lines: number;
    rssGrowthMb: number;
    heapGrowthMb: number;
    firstBytePass: boolean;
    memoryPass: boolean;
    completePass: boolean;
  }>;
  background?: Array<{
    name: string;
    seconds: number;
    intervalSeconds: number;
    intervalPass: boolean;
    apiPass: boolean;
  }>;
}

type Case = OperatorResults['results'][number];
const pass = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const cpu = (load: Load | undefined) =>
  load?.serverCpuMs === undefined ? '?' : (load.serverCpuMs / Math.max(load.requests, 1)).toFixed(1);
const slowest = (c: Case) => Math.max(0, ...c.plans.map((p) => p.ms ?? 0)).toFixed(1);
/** What a case measured at full size: p99, CPU per answer, its slowest statement in PostgreSQL. */
const figures = (c: Case) =>
  c.failure
    ? `${c.name} (failed: ${c.failure.status})`
    : `${c.name} ${c.full?.at10.p99.toFixed(0)} ms (CPU ${cpu(c.full?.at10)} ms, SQL ${slowest(c)} ms)`;

function row(
  measure: string,
  cases: Case[],
  ok: (c: Case) => boolean,
  shown: (c: Case) => string,
  target: string,
) {
  const misses = cases.filter((c) => !ok(c));
  const detail = misses.length ? `; MISS: ${misses.map(shown).join(', ')}` : '';
  return `| operator: ${measure} | ${cases.length - misses.length} of ${cases.length} cases${detail} | ${target} | ${pass(misses.length === 0)} |`;
}

export function operatorRows(operator: OperatorResults): string[] {
  const cases = operator.results;
  const paged = cases.filter((c) => c.paging !== undefined);
  const lines = [
    row('p99 @10 at full size', cases, (c) => !c.failure && c.p99Pass, figures, '< 50 ms'),
    row(
      'full/small p50',
      cases,
      (c) => !c.failure && c.ratioPass,
      (c) => `${c.name} ${Number.isFinite(c.ratio) ? c.ratio.toFixed(2) : '—'}`,
      '<= 1.5',
    ),
    row(
      'sequential scans of a big table',
      cases,
      (c) => !c.failure && c.scanPass,
      (c) => `${c.name} (${[...new Set(c.plans.flatMap((p) => p.seqScans))].join(' ')})`,
      'none',
    ),
  ];
  if (paged.length) {
    lines.push(
      row(
        'deep page against page 1',
        paged,
        (c) => c.paging?.pass === true,
        (c) => `${c.name} ${c.paging?.ratio.toFixed(2)}`,
        '<= 1.5',
      ),
    );
  }
  for (const e of operator.exports ?? []) {
    lines.push(
      `| operator: ${e.name} | ${e.status}, first byte ${e.firstByteMs.toFixed(0)} ms, ${e.lines} lines in ${(e.totalMs / 1000).toFixed(1)} s, RSS +${e.rssGrowthMb.toFixed(1)} MB, heap +${e.heapGrowthMb.toFixed(1)} MB | first byte < ${e.maxFirstByteMs ?? 1000} ms, < 64 MB, complete | ${pass(e.firstBytePass && e.memoryPass && e.completePass)} |`,
    );
  }
  for (const b of operator.background ?? []) {
    lines.push(
      `| operator: ${b.name} | ${b.seconds.toFixed(1)} s a run (interval ${b.intervalSeconds} s); API p99 ${b.apiPass ? 'within' : 'over'} +100 ms while it runs | < 1/4 interval, API +100 ms | ${pass(b.intervalPass && b.apiPass)} |`,
    );
  }
  return lines;
}
