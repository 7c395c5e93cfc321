/**
 * The load client of `npm run bench:tracking` (bench/tracking-webhooks.ts): a child process, so the measured
 * process runs only the server and its CPU per acknowledgement is the server's. It reads the signed webhooks (one
 * JSON line each: body and headers) from the file it is sent, POSTs them `concurrency` at a time over keep-alive
 * HTTP (node:http, `concurrency` sockets) and answers each one's status, repeated flag and milliseconds, with the CPU it used itself.
 */
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';

interface Job {
  url: string;
  file: string;
  concurrency: number;
}

interface Sent {
  status: number;
  repeated: boolean;
  ms: number;
}

/** One POST over the keep-alive agent: its status and answer (node:http costs the client far less than fetch). */
function post(agent: Agent, url: URL, body: string, headers: Record<string, string>) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function burst({ url, file, concurrency }: Job) {
  const bodies = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { body: string; headers: Record<string, string> });
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const results: Sent[] = new Array(bodies.length);
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const i = next;
      next += 1;
      const started = performance.now();
      const answer = await post(agent, target, bodies[i]!.body, bodies[i]!.headers).catch(
        (error: unknown) => {
          throw new Error(`webhook ${i} got no answer: ${String(error)}`);
        },
      );
      const repeated = (JSON.parse(answer.text) as { repeated?: boolean }).repeated === true;
      results[i] = { status: answer.status, repeated, ms: performance.now() - started };
    }
  };
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const used = process.cpuUsage(cpu);
  agent.destroy();
  return {
    results,
    seconds: (performance.now() - started) / 1000,
    clientCpuMs: (used.user + used.system) / 1000,
  };
}

process.on('message', (job: Job) => {
  burst(job).then(
    (result) => process.send?.({ result }),
    (error: unknown) => process.send?.({ error: String(error) }),
  );
});
