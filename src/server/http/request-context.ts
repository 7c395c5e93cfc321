import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while serving one request carries. */
interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` (and everything it awaits) as part of the request `requestId`. */
export function runInRequest<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}

/** The id of the request being served, if any (read by the logger for every line). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
