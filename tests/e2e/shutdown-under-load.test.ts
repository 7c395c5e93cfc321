import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startKeepAliveLoad } from '../support/keep-alive-load';
import { type ServerProcess, startServerProcess } from '../support/server-process';

/**
 * SIGTERM to the production server while 50 keep-alive clients keep it busy: every request the server received is
 * answered in full (the last one on each connection with `Connection: close`), none is reset, and the process exits
 * 0. The clients stop when the server refuses their next connection (nothing sent). The longer version, five runs
 * with the figures: `npx tsx bench/shutdown-resets.ts`.
 */
const CLIENTS = 50;

describe('shutdown under keep-alive load', () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('answers every request it received and resets none when SIGTERM comes in the middle of the load', async () => {
    server = await startServerProcess({ env: { SHUTDOWN_GRACE_MS: '15000', LOG_LEVEL: 'warn' } });
    const load = startKeepAliveLoad({
      url: server.url,
      clients: CLIENTS,
      path: '/api/health',
      deadlineMs: 30_000,
    });
    const started = Date.now();
    while (load.answered() < 300 && Date.now() - started < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const exit = await server.stop('SIGTERM');
    const result = await load.done;

    expect(result.failures).toEqual([]);
    expect(result.resets).toBe(0);
    expect(result.answered).toBeGreaterThan(0);
    expect(Object.keys(result.statuses)).toEqual(['200']);
    // Each client was told: its last answer closed the connection, then its next connection was refused.
    expect(result.answeredWithClose).toBe(CLIENTS);
    expect(result.refused).toBe(CLIENTS);
    expect(exit).toEqual({ code: 0, signal: null });
  });
});
