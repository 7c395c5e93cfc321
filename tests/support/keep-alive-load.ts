import { Agent, request } from 'node:http';
import { WAIT_LIMITS } from './bounded';

/**
 * Closed-loop keep-alive clients for a server in its own process: each client has one connection (an agent with
 * keep-alive and one socket) and sends its next GET as soon as the last answer is read. Used to stop a server in
 * the middle of the load and check that no request it had received was cut (tests/e2e/shutdown-under-load.test.ts,
 * bench/shutdown-resets.ts).
 *
 * Each request ends one way:
 * - answered: a whole answer (status line, headers and the full body);
 * - refused: the connection could not be made (ECONNREFUSED): nothing was sent, the client stops;
 * - reset: the request was written and the connection broke before the whole answer (ECONNRESET, "socket hang up",
 *   EPIPE, an answer cut short). This is what a graceful shutdown must never do.
 */
export interface KeepAliveLoadResult {
  answered: number;
  /** Answers that said `Connection: close` (the server closed the connection after them). */
  answeredWithClose: number;
  refused: number;
  resets: number;
  /** Resets on a connection that had carried an earlier request (the idle-connection race). */
  resetsOnReusedConnection: number;
  /** The first few failures, for the report. */
  failures: string[];
  /** Statuses seen, with their counts. */
  statuses: Record<number, number>;
}

export interface KeepAliveLoad {
  /** Answers so far (all clients). */
  answered(): number;
  /** Resolves when every client has stopped: refused, or past `deadlineMs`. */
  done: Promise<KeepAliveLoadResult>;
}

const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

export function startKeepAliveLoad(options: {
  url: string;
  clients: number;
  path: string;
  /** Every client stops after this long whatever happens (ms). */
  deadlineMs: number;
}): KeepAliveLoad {
  const target = new URL(options.path, options.url);
  const result: KeepAliveLoadResult = {
    answered: 0,
    answeredWithClose: 0,
    refused: 0,
    resets: 0,
    resetsOnReusedConnection: 0,
    failures: [],
    statuses: {},
  };
  const stopAt = Date.now() + options.deadlineMs;

  const once = (agent: Agent) =>
    new Promise<'again' | 'stop'>((resolve) => {
      let settled = false;
      const settle = (next: 'again' | 'stop') => {
        if (!settled) {
          settled = true;
          resolve(next);
        }
      };
      const fail = (error: NodeJS.ErrnoException, reused: boolean) => {
        if (error.code === 'ECONNREFUSED') {
          result.refused += 1;
          return settle('stop');
        }
        if (RESET_CODES.has(error.code ?? '') || /socket hang up|aborted/i.test(error.message)) {
          result.resets += 1;
          if (reused) result.resetsOnReusedConnection += 1;
        }
        if (result.failures.length < 10) {
          result.failures.push(`${error.code ?? 'error'}: ${error.message}${reused ? ' (reused)' : ''}`);
        }
        // A failure that is not a refusal: try again (the next one tells whether the server is still there).
        settle('again');
      };
      const call = request(
        {
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          agent,
          headers: { 'x-forwarded-for': '198.51.100.9' },
        },
        (response) => {
          let length = 0;
          response.on('data', (chunk: Buffer) => {
            length += chunk.length;
          });
          response.on('error', (error: NodeJS.ErrnoException) => fail(error, call.reusedSocket));
          response.on('end', () => {
            const declared = Number(response.headers['content-length'] ?? Number.NaN);
            if (!response.complete || (Number.isFinite(declared) && declared !== length)) {
              fail(Object.assign(new Error('answer cut short'), { code: 'ECONNRESET' }), call.reusedSocket);
              return;
            }
            const status = response.statusCode ?? 0;
            result.answered += 1;
            result.statuses[status] = (result.statuses[status] ?? 0) + 1;
            if (/\bclose\b/i.test(String(response.headers.connection ?? ''))) result.answeredWithClose += 1;
            settle('again');
          });
        },
      );
      call.on('error', (error: NodeJS.ErrnoException) => fail(error, call.reusedSocket));
      // A request the server never answers counts as a failure, so every client ends by its deadline.
      call.setTimeout(WAIT_LIMITS.request, () =>
        call.destroy(
          Object.assign(new Error(`no answer within ${WAIT_LIMITS.request} ms`), { code: 'ETIMEDOUT' }),
        ),
      );
      call.end();
    });

  const client = async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (Date.now() < stopAt) {
        if ((await once(agent)) === 'stop') return;
      }
    } finally {
      agent.destroy();
    }
  };

  const done = Promise.all(Array.from({ length: options.clients }, client)).then(() => result);
  return { answered: () => result.answered, done };
}
