import pino, { type DestinationStream, type Logger } from 'pino';
import { currentRequestId } from '../http/request-context';

export type { Logger };

/** Fields that name, reach or locate a person, or prove who they are: never written to a log as they are. */
const PERSONAL_FIELDS = [
  'email',
  'to',
  'paypalEmail',
  'verificationEmail',
  'phoneNumber',
  'shippingPhone',
  'fullName',
  'firstName',
  'lastName',
  'addressLine1',
  'addressLine2',
  'city',
  'zipCode',
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'authSecret',
  // Second factors (issue 22).
  'totpCode',
  'secret',
  'totpURI',
  'backupCodes',
  // Tax forms (issue 27): never logged.
  'tin',
  'foreignTin',
  'dateOfBirth',
];
const SECRET_HEADERS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'headers.cookie',
  'headers.authorization',
];

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;

/** An address kept recognisable for support without being readable: j***@example.com. */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, '$1***@$2');
}

/** Error properties that describe the failure, never the data that caused it (pg's `detail` quotes values). */
const SAFE_ERROR_FIELDS = [
  'code',
  'status',
  'statusCode',
  'severity',
  'routine',
  'table',
  'column',
  'constraint',
];

/**
 * An error as the log may show it: its type, message and stack without the query parameters a database error
 * carries (Drizzle puts them in the message), without quoted values, with addresses masked; causes likewise.
 */
export function safeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const message = maskEmails(error.message.split(/\nparams:/)[0] ?? '');
  const out: Record<string, unknown> = { type: error.name, message };
  if (error.stack) {
    const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
    out.stack = [`${error.name}: ${message}`, ...frames].join('\n');
  }
  for (const field of SAFE_ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = safeError(error.cause, depth + 1);
  return out;
}

/**
 * JSON lines in production; readable lines in development. Secrets and personal fields never reach the output; a line
 * written while serving a request carries that request's id (`requestId`, also sent as X-Request-Id).
 */
export function createLogger(options: {
  level: string;
  pretty: boolean;
  /** Where lines go (standard output unless given; tests read them). */
  destination?: DestinationStream;
}): Logger {
  const settings: pino.LoggerOptions = {
    level: options.level,
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    serializers: { err: safeError, error: safeError },
    redact: {
      paths: [...PERSONAL_FIELDS.flatMap((field) => [field, `*.${field}`]), ...SECRET_HEADERS],
      censor: (value) =>
        typeof value === 'string' && value.includes('@') ? maskEmails(value) : '[redacted]',
    },
    ...(options.pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

/** A logger that prints nothing (tests). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
