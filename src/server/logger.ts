import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON lines in production; readable lines in development. Secrets are redacted wherever they appear. */
export function createLogger(options: { level: string; pretty: boolean }): Logger {
  return pino({
    level: options.level,
    redact: {
      paths: [
        'password',
        '*.password',
        'authSecret',
        '*.authSecret',
        'req.headers.cookie',
        'req.headers.authorization',
        'headers.cookie',
        'headers.authorization',
      ],
      censor: '[redacted]',
    },
    ...(options.pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}

/** A logger that prints nothing (tests). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
