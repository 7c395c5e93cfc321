/**
 * The `process` load client (bench/load.ts): a child process that runs each load it is sent on its own event loop
 * and answers the figures, with the CPU it used itself, so the measured process runs only the servers.
 */
import { autocannonRun, type LoadOptions } from './load';

interface Job {
  id: number;
  url: string;
  options: Omit<LoadOptions, 'client'>;
}

process.on('message', (job: Job) => {
  const before = process.cpuUsage();
  autocannonRun(job.url, job.options, 0).then(
    (result) => {
      const cpu = process.cpuUsage(before);
      process.send?.({ id: job.id, result: { ...result, clientCpuMs: (cpu.user + cpu.system) / 1000 } });
    },
    (error: unknown) => process.send?.({ id: job.id, error: String(error) }),
  );
});
