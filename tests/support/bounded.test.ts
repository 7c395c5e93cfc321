import { createServer } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeHttpServer, listen, trackSockets, WaitTimeout, within } from './bounded';

/** A client that connects and sends nothing, as Chromium's preconnected sockets do (decision 0031). */
function silentClient(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('bounded waits of the test support', () => {
  const clients: Socket[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.destroy();
  });

  it('names what it waited for when the time runs out', async () => {
    const never = new Promise<void>(() => undefined);
    const started = Date.now();
    const error = await within('the thing under test', 50, never, () => '2 left').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitTimeout);
    expect((error as Error).message).toBe('the thing under test: still waiting after 50 ms (2 left)');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('passes on what the work gives when it ends in time', async () => {
    await expect(within('quick work', 1_000, Promise.resolve(7))).resolves.toBe(7);
  });

  it('a plain server.close() waits for a connection that sent nothing; closeHttpServer cuts it after the grace', async () => {
    // The cause of issue 36: Node counts a connection with no byte received as busy, so close() leaves it open.
    const plain = createServer((_request, response) => response.end('ok'));
    await listen(plain, 'plain');
    clients.push(await silentClient((plain.address() as AddressInfo).port));
    const plainClosed = new Promise<'closed'>((resolve) => plain.close(() => resolve('closed')));
    const after = await Promise.race([
      plainClosed,
      new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), 1_500)),
    ]);
    expect(after).toBe('still open');
    plain.closeAllConnections();
    await plainClosed;

    const server = createServer((_request, response) => response.end('ok'));
    const sockets = trackSockets(server);
    await listen(server, 'bounded');
    const client = await silentClient((server.address() as AddressInfo).port);
    clients.push(client);
    const cut = new Promise((resolve) => client.once('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sockets.size).toBe(1);
    const started = Date.now();
    await closeHttpServer(server, 'bounded', sockets, 200);
    expect(Date.now() - started).toBeLessThan(2_000);
    await within('the silent client: closed by the server', 1_000, cut);
  });
});
