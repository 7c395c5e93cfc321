import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

/**
 * CPU accounting around a load run (Linux /proc; elsewhere every figure is null). The main thread is where both
 * servers, the drivers and PGlite run; autocannon has its own worker thread. Whole-machine busy time tells
 * whether something else was competing for the cores during the run.
 */
export interface CpuSample {
  mainThreadMs: number | null;
  machineBusyTicks: number | null;
  machineTotalTicks: number | null;
}

export interface CpuUsage {
  /** CPU time of the main thread (servers + drivers, + PGlite) per completed request, ms. */
  mainThreadMsPerRequest: number | null;
  /** Share of all cores busy during the run, %. */
  machineBusyPercent: number | null;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux.

function readThreadMs(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

function readMachine(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const values = line.trim().split(/\s+/).slice(1).map(Number);
    const total = values.reduce((a, b) => a + b, 0);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

export function sampleCpu(): CpuSample {
  const machine = readMachine();
  return {
    mainThreadMs: readThreadMs(),
    machineBusyTicks: machine?.busy ?? null,
    machineTotalTicks: machine?.total ?? null,
  };
}

export function cpuBetween(start: CpuSample, end: CpuSample, requests: number): CpuUsage {
  const main =
    start.mainThreadMs !== null && end.mainThreadMs !== null && requests > 0
      ? (end.mainThreadMs - start.mainThreadMs) / requests
      : null;
  const busy =
    start.machineBusyTicks !== null &&
    end.machineBusyTicks !== null &&
    start.machineTotalTicks !== null &&
    end.machineTotalTicks !== null &&
    end.machineTotalTicks > start.machineTotalTicks
      ? (100 * (end.machineBusyTicks - start.machineBusyTicks)) /
        (end.machineTotalTicks - start.machineTotalTicks)
      : null;
  return { mainThreadMsPerRequest: main, machineBusyPercent: busy };
}

/** One-minute load average against the number of cores, for the report header. */
export function machineLoad(): { cores: number; loadAverage1m: number } {
  return { cores: cpus().length, loadAverage1m: loadavg()[0] ?? 0 };
}
