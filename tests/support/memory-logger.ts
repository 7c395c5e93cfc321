import { Writable } from 'node:stream';
import { createLogger } from '../../src/server/process/logger';

export type LogLine = Record<string, unknown>;

/** A real pino logger whose JSON lines land, parsed, in `lines` (for tests that read what the app logged). */
export function memoryLogger(level: 'debug' | 'info' = 'debug') {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  return { logger: createLogger({ level, pretty: false, destination: stream }), lines };
}
