import { createServer, type Server, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWithCookie, signUpCreator } from '../../../tests/support/auth-client';
import { closeNetServer, listen, trackSockets, WAIT_LIMITS, within } from '../../../tests/support/bounded';
import { pgliteTemplate } from '../../../tests/support/pglite-template';
import { testEnv } from '../../../tests/support/test-app';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { silentLogger } from '../process/logger';
import { createApp } from './app';
import { EMBEDDED_DATABASE_BUSY_MESSAGE } from './errors';

/**
 * The app on the embedded database (src/db/pglite-guard.ts, decision 0036): signed-in requests in a loop leave the
 * process's other sockets their turn (the spin of issue 44), and a request that waits for the database past the
 * bound is answered 503 within it instead of hanging.
 */
describe('the app on the embedded database', () => {
  const WAIT_LIMIT_MS = 1_000;
  let handle: DatabaseHandle;
  let app: ReturnType<typeof createApp>;
  let cookie = '';
  let server: Server;
  let sockets: ReturnType<typeof trackSockets>;

  beforeAll(async () => {
    const template = pgliteTemplate();
    handle = await within(
      'an embedded database with a 1 s bound',
      WAIT_LIMITS.database,
      openDatabase({
        dataDir: 'memory://',
        loadDataDir: template ?? undefined,
        embeddedWaitMs: WAIT_LIMIT_MS,
      }),
    );
    if (!template) await migrateDatabase(handle);
    app = createApp({ db: handle.db, env: testEnv({ TRUST_PROXY: 'true' }), logger: silentLogger() });
    cookie = await signUpCreator(app, { email: 'busy@example.com' });
    server = createServer((socket) => socket.end('ready'));
    sockets = trackSockets(server);
    await listen(server, 'the embedded database test socket server');
  });
  afterAll(async () => {
    await handle?.close();
    if (server) await closeNetServer((done) => server.close(done), 'the socket server', sockets);
  });

  it('serves a waiting socket while a client loops on signed-in requests (the spin of issue 44)', async () => {
    let answered = false;
    const socket = new Socket();
    socket.on('data', () => {
      answered = true;
    });
    socket.on('error', () => undefined);
    socket.connect((server.address() as { port: number }).port, '127.0.0.1');
    let requests = 0;
    try {
      // Without the guard this loop never yields to the event loop: the answer never arrives, it would run for ever.
      while (!answered && requests < 200) {
        const response = await getWithCookie(app, '/api/session', cookie);
        expect(response.status).toBe(200);
        requests += 1;
      }
    } finally {
      socket.destroy();
    }
    expect(answered).toBe(true);
    expect(requests).toBeLessThan(200);
  });

  it('answers 503 with a message when a request waits past the bound, and the next request works', async () => {
    // Something holds the one connection (a transaction that does not end).
    let release!: () => void;
    let holding!: () => void;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const done = handle.db.transaction(async () => {
      holding();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await held;
    try {
      const started = Date.now();
      const response = await getWithCookie(app, '/api/me', cookie);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.json()).toEqual({ error: EMBEDDED_DATABASE_BUSY_MESSAGE, code: 'UNAVAILABLE' });
      expect(Date.now() - started).toBeLessThan(WAIT_LIMIT_MS + 3_000);
      // A public page that reads the database is told the same.
      expect((await app.request('/api/campaigns')).status).toBe(503);
    } finally {
      release();
      await done;
    }
    expect((await getWithCookie(app, '/api/me', cookie)).status).toBe(200);
  });
});
