/**
 * `npx tsx bench/box/cpu.ts` (issue 37): the box pages' CPU per answer, in process (`app.fetch`, no sockets, one
 * request at a time), on the box set (bench/box/seed.ts) in a fresh bench schema: what a busy machine cannot hide,
 * since a p99 under load is mostly the queue for the cores. Prints, per case, the median over interleaved rounds of
 * the process's CPU ms per answer, and on PostgreSQL the packing summary's plan (EXPLAIN ANALYZE). Run it under
 * `node --cpu-prof --import tsx bench/box/cpu.ts` to see where the CPU goes.
 *
 * Knobs: DATABASE_URL (PostgreSQL; else in-memory PGlite), BOX_APPLICANTS (10000), BOX_VARIANTS (20),
 * BOX_CPU_ROUNDS (7), BOX_CPU_PER_ROUND (40), BOX_CPU_CASES (names, comma-separated; all three),
 * BOX_CPU_STATEMENTS=1 (print each case's statements), BOX_ANSWER_CACHE=0 (no kept admin pages: every answer computed).
 */
import { createBenchDatabase } from '../database';
import { numberEnv } from '../env';
import { boxApp } from './app';
import { BOX_CASES, BOX_MANAGER, seedBoxCampaign } from './seed';

const ROUNDS = Math.round(numberEnv('BOX_CPU_ROUNDS', 7));
const PER_ROUND = Math.round(numberEnv('BOX_CPU_PER_ROUND', 40));
const ORIGIN = 'http://localhost:3000';

const url = process.env.DATABASE_URL?.trim() || undefined;
const bench = await createBenchDatabase({ url, poolSize: 10 });
const { app, close } = await boxApp(bench);
try {
  const campaignId = await seedBoxCampaign(bench.handle);
  const db = bench.handle.db;
  const signIn = await app.request('/api/auth/admin-sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ username: BOX_MANAGER.username, password: BOX_MANAGER.password }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  // Every statement the app sends through the pool, so each case's count and the packing read can be shown.
  const pool = bench.handle.pool;
  const sent: string[] = [];
  if (pool) {
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text: string; values?: unknown[] };
      const text = typeof first === 'string' ? first : first.text;
      const values =
        (typeof first === 'string' ? undefined : first.values) ?? (args[1] as unknown[] | undefined);
      sent.push(
        (values ?? []).reduceRight<string>(
          (t, v, i) => t.replaceAll(`$${i + 1}`, typeof v === 'number' ? String(v) : `'${String(v)}'`),
          text,
        ),
      );
      return query(...args);
    };
  }

  async function once(pathname: string): Promise<number> {
    const response = await app.fetch(
      new Request(`http://localhost${pathname}`, { headers: { cookie, origin: ORIGIN } }),
    );
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
    return body.byteLength;
  }
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;

  const only = process.env.BOX_CPU_CASES?.split(',');
  const cases = BOX_CASES.filter((c) => !only || only.includes(c.name));
  const statements = new Map<string, string[]>();
  for (const c of cases) {
    sent.length = 0;
    await once(c.path(campaignId));
    statements.set(c.name, [...sent]);
  }
  const bytes = new Map<string, number>();
  for (const c of cases) for (let i = 0; i < 20; i++) bytes.set(c.name, await once(c.path(campaignId)));
  const perCase = new Map<string, { cpu: number[]; wall: number[] }>(
    cases.map((c) => [c.name, { cpu: [], wall: [] }]),
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) {
      const [cpuBefore, wallBefore] = [cpuMs(), performance.now()];
      for (let i = 0; i < PER_ROUND; i++) await once(c.path(campaignId));
      perCase.get(c.name)?.cpu.push((cpuMs() - cpuBefore) / PER_ROUND);
      perCase.get(c.name)?.wall.push((performance.now() - wallBefore) / PER_ROUND);
    }
  }
  console.log(
    `\nbox CPU, ${bench.label}, ${ROUNDS} interleaved rounds of ${PER_ROUND} answers, one at a time; ` +
      `median [min-max] per answer`,
  );
  console.log('case              CPU ms                 wall ms   bytes  statements');
  for (const c of cases) {
    const { cpu, wall } = perCase.get(c.name)!;
    console.log(
      `${c.name.padEnd(16)} ${median(cpu).toFixed(2).padStart(6)} [${Math.min(...cpu).toFixed(2)}-${Math.max(
        ...cpu,
      ).toFixed(2)}]  ${median(wall).toFixed(2).padStart(8)}  ${String(bytes.get(c.name)).padStart(6)}  ${
        statements.get(c.name)?.length ?? '-'
      }`,
    );
  }
  if (pool) {
    // Each statement of the packing summary (beyond the session's), planned and run.
    const session = statements.get('packing summary') ?? [];
    for (const statement of session.filter((t) => /product_variants|application_choices|packing/.test(t))) {
      const plan = (await db.execute(`explain (analyze, buffers) ${statement}`)) as unknown as {
        rows: Array<Record<string, string>>;
      };
      console.log(`\n${statement}\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}`);
    }
  }
  if (process.env.BOX_CPU_STATEMENTS === '1') {
    for (const [name, list] of statements) console.log(`\n${name}:\n${list.join('\n---\n')}`);
  }
} finally {
  await close();
  await bench.destroy();
}
