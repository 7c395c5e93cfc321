import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export interface LoadOptions {
  connections: number;
  /** Seconds. */
  duration: number;
  /** Sent with every request (e.g. a session cookie). */
  headers?: Record<string, string>;
  /**
   * Where the load generator runs: `thread` (the default) on a worker thread of this process, beside the servers it
   * measures (they live on the main thread, next to PGlite); `process` in a child process of its own
   * (`bench/load-child.ts`), so nothing of the client runs in the measured process: no thread, heap or garbage
   * collector shared with the app.
   */
  client?: LoadClient;
}

export type LoadClient = 'thread' | 'process';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** CPU ms the load generator's process used during the run (`process` client only). */
  clientCpuMs?: number;
  /** CPU ms the measuring process (the apps, and with the `thread` client the generator too) used during the run. */
  serverCpuMs?: number;
}

/** One autocannon run in this process: on a worker thread (`workers: 1`) or on this thread (`workers: 0`). */
export async function autocannonRun(
  url: string,
  options: Omit<LoadOptions, 'client'>,
  workers: 0 | 1,
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    ...(workers ? { workers } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = stats.count ?? 0;
  }
  const completed = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: completed,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}

/** The child process that runs the `process` client's loads, one at a time, started on first use. */
let child: ChildProcess | null = null;
let nextRun = 0;
const pending = new Map<number, { resolve: (r: LoadResult) => void; reject: (e: Error) => void }>();

function loadChild(): ChildProcess {
  if (child) return child;
  // The child inherits this process's exec arguments (tsx's loader when run by `npm run bench`).
  const started = fork(fileURLToPath(new URL('./load-child.ts', import.meta.url)), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  started.on('message', (message: { id: number; result?: LoadResult; error?: string }) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.result) waiting.resolve(message.result);
    else waiting.reject(new Error(`load client: ${message.error ?? 'no result'}`));
    if (pending.size === 0) idle(started);
  });
  started.on('exit', (code) => {
    child = null;
    for (const waiting of pending.values()) waiting.reject(new Error(`load client exited (${code})`));
    pending.clear();
  });
  child = started;
  return started;
}

/** An idle child does not keep this process alive. */
function idle(process: ChildProcess) {
  process.unref();
  (process.channel as { unref?: () => void } | undefined)?.unref?.();
}

function busy(process: ChildProcess) {
  process.ref();
  (process.channel as { ref?: () => void } | undefined)?.ref?.();
}

/** Ends the `process` client's child (if one was started). */
export function stopLoadClient(): void {
  child?.kill();
  child = null;
}

/** Fires GET `url` for `duration` seconds from the chosen client (a worker thread unless `client: 'process'`). */
export async function runLoad(url: string, options: LoadOptions): Promise<LoadResult> {
  const { client = 'thread', ...rest } = options;
  const cpuBefore = process.cpuUsage();
  let result: LoadResult;
  if (client === 'thread') {
    result = await autocannonRun(url, rest, 1);
  } else {
    const worker = loadChild();
    busy(worker);
    const id = ++nextRun;
    result = await new Promise<LoadResult>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.send({ id, url, options: rest });
    });
  }
  const cpu = process.cpuUsage(cpuBefore);
  return { ...result, serverCpuMs: (cpu.user + cpu.system) / 1000 };
}

/** Throws when anything but 2xx came back, or nothing came back at all. */
export function assertAllOk(label: string, result: LoadResult): void {
  if (result.requests === 0 && result.errors === 0) {
    throw new Error(
      `${label}: no response completed during the run (every request took longer than the run; ` +
        'raise BENCH_DURATION or lower BENCH_CONNECTIONS)',
    );
  }
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0 || result.requests === 0) {
    throw new Error(
      `${label}: ${result.non2xx} non-2xx responses, ${result.errors} errors, ${result.timeouts} timeouts ` +
        `out of ${result.requests} (status codes: ${JSON.stringify(result.statusCodes)})`,
    );
  }
}
