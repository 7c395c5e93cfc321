import type { IncomingMessage } from 'node:http';

/** The whole body of a request a stand-in server received, as UTF-8 text. */
export async function readRequestBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
