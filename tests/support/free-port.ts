import { createServer } from 'node:net';
import { listen, WAIT_LIMITS, within } from './bounded';

/** A TCP port that is free on 127.0.0.1 right now (for servers that must know their own address before starting). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.unref();
  await listen(server, 'a free port probe');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await within(
    'a free port probe: close',
    WAIT_LIMITS.close,
    new Promise<void>((resolve) => server.close(() => resolve())),
  );
  return port;
}
