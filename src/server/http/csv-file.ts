import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import type { AppBindings } from './context';

/** A CSV file the browser saves as `filename`: its type and its name, as headers of the answer to come. */
function csvFileHeaders(c: Context, filename: string) {
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${filename}"`);
}

/** A CSV file made whole before it is sent (200). */
export function csvFile(c: Context, filename: string, body: string) {
  csvFileHeaders(c, filename);
  return c.body(body, 200);
}

/**
 * A CSV file sent as it is read: each text of `chunks` written in turn. The status left with the first byte, so a
 * failure midway can only be logged (`failure`, the log message).
 */
export function streamedCsvFile(
  c: Context<AppBindings>,
  filename: string,
  chunks: AsyncIterable<string>,
  failure: string,
) {
  csvFileHeaders(c, filename);
  return stream(
    c,
    async (out) => {
      for await (const text of chunks) await out.write(text);
    },
    async (error) => {
      c.get('services').logger.error({ err: error }, failure);
    },
  );
}
