import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { closeNetServer, listen, trackSockets, WAIT_LIMITS } from './bounded';

/** One mail the local SMTP server received. */
export interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  /** The plain-text body (decoded), or the HTML body without tags when there is no text part. */
  text: string;
  raw: string;
  /** The first 6-digit number of the body (the verification code), or null. */
  code: string | null;
}

export interface TestSmtpServer {
  /** SMTP_URL for the app under test. */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /**
   * The oldest mail to `to` that no earlier call returned, waiting for it if none has come yet. Each mail is returned
   * once, so consecutive calls see consecutive mails.
   */
  waitForMail(to: string, options?: { timeoutMs?: number }): Promise<ReceivedMail>;
  /** With `hold`: accepts every mail kept so far, and each later one at once. */
  release(): void;
  close(): Promise<void>;
}

function splitHeaders(block: string): { headers: Map<string, string>; body: string } {
  const at = block.search(/\r?\n\r?\n/);
  const head = at >= 0 ? block.slice(0, at) : block;
  const body = at >= 0 ? block.slice(at).replace(/^\r?\n\r?\n/, '') : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header. */
function decodeHeader(value: string): string {
  return value.replace(/=\?[^?]+\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/** The text/plain (else text/html) content of a MIME entity, decoded. */
function textOf(entity: string): { plain: string | null; html: string | null } {
  const { headers, body } = splitHeaders(entity);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const found: { plain: string | null; html: string | null } = { plain: null, html: null };
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const inner = textOf(part.replace(/^\r?\n/, ''));
      found.plain ??= inner.plain;
      found.html ??= inner.html;
    }
    return found;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding'));
  if (/^text\/html/i.test(type)) return { plain: null, html: decoded };
  return { plain: decoded, html: null };
}

export function parseMail(raw: string, envelopeTo: string[], envelopeFrom: string): ReceivedMail {
  const { headers } = splitHeaders(raw);
  const { plain, html } = textOf(raw);
  const text = (plain ?? html?.replace(/<[^>]+>/g, ' ') ?? '').trim();
  return {
    to: envelopeTo.map((address) => address.toLowerCase()),
    from: envelopeFrom,
    subject: decodeHeader(headers.get('subject') ?? ''),
    text,
    raw,
    code: /\b(\d{6})\b/.exec(text)?.[1] ?? null,
  };
}

/**
 * A real SMTP server on a random 127.0.0.1 port for browser journeys: no TLS, no authentication, every mail kept.
 * Start the app with SMTP_URL = `server.url`. With `hold`, each mail is kept (in `messages`) at once but accepted
 * only when the test calls `release()`, like a mail provider that is slow for as long as the test needs: the sender
 * waits meanwhile. (A hold of a fixed time raced with a loaded machine: the first mails were accepted before the
 * last had come.)
 */
export async function startSmtpServer(options: { hold?: boolean } = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  let held: Array<() => void> | undefined = options.hold ? [] : undefined;
  const returned = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // On close, a client still connected (a mailer's pooled connection) is cut after this long.
    closeTimeout: WAIT_LIMITS.closeGrace,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        messages.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address),
            envelopeFrom,
          ),
        );
        for (const wake of waiters) wake();
        if (held) held.push(() => callback());
        else callback();
      });
    },
  });
  const sockets = trackSockets(server.server);
  await listen(server.server, 'the test SMTP server');
  const { port } = server.server.address() as AddressInfo;

  function take(to: string): ReceivedMail | undefined {
    const address = to.toLowerCase();
    const mail = messages.find((m) => !returned.has(m) && m.to.includes(address));
    if (mail) returned.add(mail);
    return mail;
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    release() {
      const accept = held ?? [];
      held = undefined;
      for (const callback of accept) callback();
    },
    waitForMail(to, { timeoutMs = 15_000 } = {}) {
      const ready = take(to);
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const wake = () => {
          const mail = take(to);
          if (!mail) return;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms (got ${messages.length} in all)`));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    close: () =>
      closeNetServer((done) => server.close(done), `the test SMTP server on port ${port}`, sockets),
  };
}
