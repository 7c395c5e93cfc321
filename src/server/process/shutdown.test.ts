import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerLifecycle } from '../http/context';
import { silentLogger } from './logger';
import { acceptQueueLength, shutDown, trackConnections, tuneKeepAlive } from './shutdown';

/**
 * The shutdown on a real server (@hono/node-server on a loopback port) and real sockets: the races that reset
 * requests under load happen between the kernel, Node's HTTP parser and the shutdown, which app.request cannot see.
 * The whole server under load: tests/e2e/shutdown-under-load.test.ts.
 */

const REQUEST = 'GET /x HTTP/1.1\r\nHost: test\r\n\r\n';

async function startServer() {
  let served = 0;
  const server = serve({
    fetch: () => {
      served += 1;
      return new Response('ok');
    },
    port: 0,
    hostname: '127.0.0.1',
  }) as Server;
  tuneKeepAlive(server);
  const connections = trackConnections(server);
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  const lifecycle: ServerLifecycle = { draining: false };
  const stop = (graceMs = 5_000) =>
    shutDown({
      server,
      connections,
      lifecycle,
      logger: silentLogger(),
      graceMs,
      stopJobs: async () => undefined,
      close: [],
    });
  return { server, port: (server.address() as AddressInfo).port, lifecycle, stop, served: () => served };
}

/** A raw client: what the server sent, whether the connection ended or was reset. */
function rawClient(port: number) {
  const socket = connect(port, '127.0.0.1');
  const state = { received: '', ended: false, error: null as string | null };
  socket.on('data', (chunk: Buffer) => {
    state.received += chunk.toString('latin1');
  });
  socket.on('end', () => {
    state.ended = true;
  });
  socket.on('error', (error: NodeJS.ErrnoException) => {
    state.error = error.code ?? error.message;
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const answers = () => state.received.split('HTTP/1.1 ').slice(1);
  const waitFor = async (check: () => boolean, ms = 5_000) => {
    const deadline = Date.now() + ms;
    while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  return { socket: socket as Socket, state, closed, answers, waitFor };
}

let stopLater: Array<() => unknown> = [];
afterEach(async () => {
  for (const stop of stopLater) await stop();
  stopLater = [];
});

describe('graceful shutdown on real sockets', () => {
  it('answers a request that reaches a kept-alive connection as the shutdown starts, with Connection: close', async () => {
    const app = await startServer();
    stopLater.push(() => app.server.closeAllConnections());
    const client = rawClient(app.port);
    client.socket.write(REQUEST);
    await client.waitFor(() => client.answers().length === 1);
    expect(client.answers()[0]).toMatch(/^200 OK[\s\S]*Connection: keep-alive/i);

    // The client's next request is in the server's socket buffer, not read yet, when the shutdown starts (the
    // connection looks idle to Node): it must be answered, not reset.
    client.socket.write(REQUEST);
    const stopped = app.stop();
    await client.closed;
    expect(client.state.error).toBeNull();
    expect(client.answers()).toHaveLength(2);
    expect(client.answers()[1]).toMatch(/^200 OK[\s\S]*Connection: close[\s\S]*\r\n\r\nok$/i);
    expect(client.state.ended).toBe(true);
    expect(await stopped).toBe(0);
    expect(app.served()).toBe(2);
  });

  it('never closes a connection while a request is arriving on it, and closes the idle ones', async () => {
    const app = await startServer();
    stopLater.push(() => app.server.closeAllConnections());
    const idle = rawClient(app.port);
    const arriving = rawClient(app.port);
    await Promise.all([
      new Promise((resolve) => idle.socket.once('connect', resolve)),
      new Promise((resolve) => arriving.socket.once('connect', resolve)),
    ]);
    arriving.socket.write(REQUEST.slice(0, 12));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Connections are closed once idle for min(IDLE_BEFORE_CLOSE_MS, grace / 4): 1 s here. The grace period is the
    // bound of the whole stop; at 800 ms (200 ms idle) a busy CI machine (the niced pure lane beside two others) reached
    // it before the rest of the request was written, and the forced close at its end reset the connection under test.
    const stopped = app.stop(5_000);
    await idle.closed;
    expect(idle.state.error).toBeNull();
    expect(idle.state.received).toBe('');
    // Well past the idle time, the rest of the request comes: it is answered.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(arriving.socket.destroyed).toBe(false);
    arriving.socket.write(REQUEST.slice(12));
    await arriving.closed;
    expect(arriving.state.error).toBeNull();
    expect(arriving.answers()).toHaveLength(1);
    expect(arriving.answers()[0]).toMatch(/^200 OK[\s\S]*Connection: close/i);
    expect(await stopped).toBe(0);
  });

  it.runIf(process.platform === 'linux')(
    'accepts the connections waiting in the accept queue before it stops listening, and answers them',
    async () => {
      const app = await startServer();
      stopLater.push(() => app.server.closeAllConnections());
      expect(acceptQueueLength(app.server)).toBe(0);
      const CLIENTS = 8;
      // Clients in a process of their own connect and send their request while this process is busy (its event
      // loop blocked below), so the connections wait in the kernel's accept queue, requests sent.
      const child = spawn(
        process.execPath,
        [
          '-e',
          `const net = require('node:net');
           let left = ${CLIENTS}; const results = [];
           for (let i = 0; i < ${CLIENTS}; i++) {
             const s = net.connect(${app.port}, '127.0.0.1', () => s.write(${JSON.stringify(REQUEST)}));
             let text = ''; let error = null;
             s.on('data', (d) => { text += d; });
             s.on('error', (e) => { error = e.code; });
             s.on('close', () => { results.push({ status: text.slice(0, 12), error });
               if (--left === 0) { console.log(JSON.stringify(results)); } });
           }`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const deadline = Date.now() + 10_000;
      while ((acceptQueueLength(app.server) ?? 0) < CLIENTS && Date.now() < deadline) {
        // Busy: nothing is accepted meanwhile.
      }
      expect(acceptQueueLength(app.server)).toBe(CLIENTS);
      // Answered (they were accepted before the listening socket closed, so kept alive), then closed once idle.
      // The stop waits up to a quarter of its grace for the queue to empty: 2 s here, because on a busy CI machine
      // this niced process was seen not to run for the 500 ms a 2 s grace gave (all 8 reset, CI run of 11:07).
      const code = await app.stop(8_000);
      await exited;
      const results = JSON.parse(output) as Array<{ status: string; error: string | null }>;
      expect(results).toEqual(
        Array.from({ length: CLIENTS }, () => ({ status: 'HTTP/1.1 200', error: null })),
      );
      expect(code).toBe(0);
    },
  );
});
