/**
 * The load client of `npm run bench:tracking` (bench/tracking-webhooks.ts): a child process, so the measured
 * process runs only the server and its CPU per acknowledgement is the server's. It reads the signed webhooks (one
 * JSON line each: body and headers) from the file it is sent, POSTs them `concurrency` at a time over keep-alive
 * HTTP and answers each one's status, repeated flag and milliseconds, with the CPU it used itself.
 */
import { readFileSync } from 'node:fs';

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

async function burst({ url, file, concurrency }: Job) {
  const bodies = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { body: string; headers: Record<string, string> });
  const results: Sent[] = new Array(bodies.length);
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const i = next;
      next += 1;
      const started = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bodies[i]!.headers },
        body: bodies[i]!.body,
      }).catch((error: unknown) => {
        throw new Error(`webhook ${i} got no answer: ${String((error as Error).cause ?? error)}`);
      });
      const answer = (await response.json()) as { repeated?: boolean };
      results[i] = {
        status: response.status,
        repeated: answer.repeated === true,
        ms: performance.now() - started,
      };
    }
  };
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const used = process.cpuUsage(cpu);
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
