import type { ServiceReport } from '../service-report';

/** Records what went over the wire (statuses and error bodies, never the request) for the integrations check. */
export interface Recorder {
  fetch: typeof fetch;
  /** The last network failure (no answer at all), if any. */
  networkError: unknown;
  /** Every answer, in order: the path asked and its status and body. */
  answers: Array<{ path: string; status: number; body: unknown }>;
}

export function recorder(base: typeof fetch, timeoutMs: number): Recorder {
  const record: Recorder = {
    networkError: undefined,
    answers: [],
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const signals = [AbortSignal.timeout(timeoutMs), ...(init?.signal ? [init.signal] : [])];
      try {
        const response = await base(input, { ...init, signal: AbortSignal.any(signals) });
        const text = await response
          .clone()
          .text()
          .catch(() => '');
        let body: unknown = null;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          body = null;
        }
        record.answers.push({ path: url.pathname, status: response.status, body });
        return response;
      } catch (error) {
        record.networkError = error;
        throw error;
      }
    },
  };
  return record;
}

export const hostOf = (base: string) => {
  try {
    return new URL(base).host;
  } catch {
    return base;
  }
};

/** Why no answer came, in plain words. */
export function networkProblem(error: unknown, host: string, timeoutMs: number): string {
  const seconds = Math.round(timeoutMs / 100) / 10;
  const chain: unknown[] = [];
  for (let e: unknown = error; e && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
  if (chain.some((e) => e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError'))) {
    return `${host} did not answer within ${seconds} s (timeout): a firewall or proxy may be dropping the connection, or this machine has no network`;
  }
  const code = chain
    .map((e) => (e as { code?: unknown }).code)
    .find((c): c is string => typeof c === 'string');
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
      return `the name ${host.replace(/:\d+$/, '')} could not be looked up (DNS failure, ${code}): this machine seems to have no network or no DNS`;
    case 'ECONNREFUSED':
      return `${host} refused the connection (ECONNREFUSED): nothing listens there; check the address`;
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return `${host} cannot be reached from this machine (${code}): it seems to have no network route`;
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `${host} did not accept the connection in time (${code}): a firewall may be blocking it, or this machine has no network`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return `${host} closed the connection (${code}): a proxy or firewall may be in the way`;
    default:
      if (code && /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) {
        return `the secure connection to ${host} failed (${code}): a proxy intercepting HTTPS, or a wrong clock on this machine`;
      }
  }
  const last = chain.at(-1);
  return `${host} could not be reached (${code ?? (last instanceof Error ? last.message : String(last))})`;
}

/** The report of a service that gave no answer (`error`, the network's): unreachable, not known whether authorised. */
export function unreachableReport(
  base: Pick<ServiceReport, 'service' | 'configured' | 'setup'>,
  error: unknown,
  host: string,
  timeoutMs: number,
): ServiceReport {
  return {
    ...base,
    reachable: false,
    authorised: null,
    detail: `${networkProblem(error, host, timeoutMs)}.`,
    failed: true,
  };
}

/** The report of a service that answered: reachable, authorised as far as the answer tells (null: it did not). */
export function answeredReport(
  base: Pick<ServiceReport, 'service' | 'configured' | 'setup'>,
  authorised: boolean | null,
  detail: string,
  failed: boolean,
): ServiceReport {
  return { ...base, reachable: true, authorised, detail, failed };
}
