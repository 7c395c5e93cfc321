import autocannon from 'autocannon';

export interface LoadOptions {
  connections: number;
  /** Seconds. */
  duration: number;
  /** Sent with every request (e.g. a session cookie). */
  headers?: Record<string, string>;
}

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
}

/**
 * Fires GET `url` for `duration` seconds. The load generator runs on a worker thread so that it does not share
 * the event loop of the servers it measures (they live on the main thread, next to PGlite).
 */
export async function runLoad(url: string, options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    workers: 1,
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
