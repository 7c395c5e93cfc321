/**
 * `npx tsx bench/request-cpu.ts`: the app's CPU per signed-in answer, in process (`app.fetch`, no sockets, one
 * request at a time), on a copy of an operator set (REQUEST_CPU_DATABASE; it signs in, so never the set itself).
 * Rounds interleave the paths; the figure is the median over rounds of CPU ms per answer (process.cpuUsage).
 * REQUEST_CPU_ROUNDS (15), REQUEST_CPU_PER_ROUND (40). Run under `node --cpu-prof` to see where the CPU goes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadEnv } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { createApp } from '../src/server/http/app';
import { silentLogger } from '../src/server/process/logger';
import { numberEnv } from './env';
import { BENCH_ADMIN } from './operator/dataset';
import { BENCH_PASSWORD, benchCreatorEmail } from './operator/generate-sql';

const url = process.env.REQUEST_CPU_DATABASE?.trim();
if (!url || !/bench/.test(url) || /mintbox_bench_operator(_small)?$/.test(url)) {
  throw new Error(
    'REQUEST_CPU_DATABASE: a copy of an operator set (its name contains "bench"), not the set itself',
  );
}
const ROUNDS = Math.round(numberEnv('REQUEST_CPU_ROUNDS', 15));
const PER_ROUND = Math.round(numberEnv('REQUEST_CPU_PER_ROUND', 40));
const ORIGIN = 'http://localhost:3000';

const handle = await openDatabase({ url, poolSize: 10 });
const dataDir = mkdtempSync(path.join(tmpdir(), 'mintbox-request-cpu-'));
const env = loadEnv({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  SEED_DEMO_DATA: 'false',
  LOG_LEVEL: 'silent',
  TRUST_PROXY: 'true',
});
const app = createApp({ db: handle.db, env, logger: silentLogger() });

async function signIn(pathname: string, body: unknown): Promise<string> {
  const response = await app.request(pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const cookies = {
  admin: await signIn('/api/auth/admin-sign-in', BENCH_ADMIN),
  creator: await signIn('/api/auth/sign-in/email', { email: benchCreatorEmail(1), password: BENCH_PASSWORD }),
  none: '',
};
const allCases: Array<{ name: string; who: keyof typeof cookies; path: string }> = [
  { name: 'config (signed out)', who: 'none', path: '/api/config' },
  { name: 'config (creator)', who: 'creator', path: '/api/config' },
  { name: 'session (admin)', who: 'admin', path: '/api/session' },
  { name: 'session (creator)', who: 'creator', path: '/api/session' },
  { name: 'me', who: 'creator', path: '/api/me' },
  { name: 'mail preferences', who: 'creator', path: '/api/me/mail-preferences' },
  { name: 'applicants', who: 'admin', path: '/api/admin/campaigns/1/applications' },
];
const only = process.env.REQUEST_CPU_CASES?.split(',');
const cases = allCases.filter((c) => !only || only.includes(c.name));

async function once(c: (typeof cases)[number]): Promise<void> {
  const headers: Record<string, string> = { origin: ORIGIN, 'x-forwarded-for': '10.0.0.1' };
  if (cookies[c.who]) headers.cookie = cookies[c.who];
  const response = await app.fetch(new Request(`http://localhost${c.path}`, { headers }));
  if (response.status !== 200) throw new Error(`${c.path}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;

try {
  for (const c of cases) for (let i = 0; i < 20; i++) await once(c);
  const perCase = new Map<string, number[]>(cases.map((c) => [c.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) {
      const before = cpuMs();
      for (let i = 0; i < PER_ROUND; i++) await once(c);
      perCase.get(c.name)?.push((cpuMs() - before) / PER_ROUND);
    }
  }
  console.log(
    `${ROUNDS} interleaved rounds of ${PER_ROUND} requests; CPU ms per answer (process), median [min-max]`,
  );
  for (const [name, values] of perCase) {
    console.log(
      `${name.padEnd(22)} ${median(values).toFixed(3)} [${Math.min(...values).toFixed(3)}-${Math.max(...values).toFixed(3)}]`,
    );
  }
} finally {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
