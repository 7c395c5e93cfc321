import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorCode, errorBody } from '../../shared/schemas/error';

/**
 * How long a connection we are closing keeps reading (and dropping) what the client still sends after our last
 * answer, at most: the client has seen the answer and our end of the connection by then (a lingering close, as
 * Apache and nginx do). Closing at once while bytes are still arriving makes the kernel reset the connection, and a
 * reset can throw away the answer before the client reads it (issue 42: 2 of 20 slow clients sending a body over
 * 16 MB got a reset instead of the 413, a 100 KB address a reset instead of 414).
 */
export const LINGER_MS = 5_000;

/** Ends our side after the answer, reads and drops what still comes, and closes when the client does, or at LINGER_MS. */
function linger(socket: Socket): void {
  if (socket.destroyed) return;
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  socket.once('end', close);
  socket.once('close', () => clearTimeout(timer));
  socket.on('data', () => {});
  socket.on('error', () => {});
  socket.end();
  socket.resume();
}

type ClientError = Error & { code?: string; rawPacket?: Buffer };

/** Whether the part of the request the parser held when it gave up is a request line that never ended (a long URL). */
function requestLineTooLong(error: ClientError): boolean {
  const packet = error.rawPacket?.subarray(0, 64 * 1024).toString('latin1') ?? '';
  return /^[A-Z]+ [^\r\n]*$/.test(packet);
}

const REFUSALS: Record<number, [string, string, ErrorCode]> = {
  400: ['Bad Request', 'The request could not be read.', 'BAD_REQUEST'],
  408: ['Request Timeout', 'The request took too long to arrive.', 'BAD_REQUEST'],
  414: [
    'URI Too Long',
    'The address is too long: send at most 16 KB of address and headers.',
    'PAYLOAD_TOO_LARGE',
  ],
  431: [
    'Request Header Fields Too Large',
    'The request headers are too large: send at most 16 KB of address and headers.',
    'PAYLOAD_TOO_LARGE',
  ],
};

/** The answer to a request Node's parser refused before the app saw it: JSON like the app's errors, then close. */
function refusal(error: ClientError): string {
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? requestLineTooLong(error)
        ? 414
        : 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : 400;
  const [reason, message, code] = REFUSALS[status]!;
  const body = JSON.stringify(errorBody(message, code));
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

type ParsedSocket = Socket & {
  _handle?: { _consumed?: boolean } | null;
  parser?: { unconsume?: () => void } | null;
};

/**
 * After a parse error Node's parser still reads the socket straight from its handle (so no `data` or `end` reaches
 * JavaScript, and the linger could not see the client close) and would parse what comes next again: the socket is
 * handed back to JavaScript and the server's own `data` listener removed (Node internals; without them the linger
 * still ends at LINGER_MS).
 */
function releaseFromParser(socket: ParsedSocket): void {
  try {
    if (socket._handle?._consumed) {
      socket.parser?.unconsume?.();
      socket._handle._consumed = false;
    }
  } catch {
    // Not this Node's internals: the linger's timer still closes it.
  }
  socket.removeAllListeners('data');
}

/**
 * Every connection the server closes after an answer (one that said `Connection: close`: a 413 to a body too big to
 * read, the shutdown's drain) or after a request its parser refused (an address or headers over Node's 16 KB: 414
 * or 431, a malformed request: 400) closes with a linger instead of at once. Node closes a `Connection: close`
 * answer's socket with `destroySoon()`; that is replaced per connection.
 */
export function lingeringClose(server: Server): void {
  server.on('connection', (socket: Socket) => {
    socket.destroySoon = () => linger(socket);
  });
  server.on('clientError', (error: ClientError, socket: Socket) => {
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    releaseFromParser(socket);
    socket.write(refusal(error));
    linger(socket);
  });
}
