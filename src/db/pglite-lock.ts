import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file beside a PGlite folder that names the process using it. */
export function pgliteLockFile(dataDir: string): string {
  return `${dataDir.replace(/[/\\]+$/, '')}.lock`;
}

export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
  constructor(
    message: string,
    /** The process that has the folder open. */
    readonly holderPid?: number,
  ) {
    super(message);
  }
}

/** What a lock file says about its holder. The first line is the PID alone (what older versions wrote). */
export interface LockHolder {
  pid: number;
  /** Start time of the process in clock ticks since boot (/proc/<pid>/stat, field 22); Linux only. */
  startTicks?: string;
  /** /proc/sys/kernel/random/boot_id when the lock was taken: start times count from that boot. */
  bootId?: string;
  /** The holder's command line, for the message. */
  command?: string;
}

/** A process as /proc shows it (Linux), or null when /proc has no such process. */
interface ProcessInfo {
  /** R, S, D …; Z is a zombie (exited, not yet reaped by its parent), X dead. */
  state: string;
  startTicks: string;
}

function readProc(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

const hasProc = () => readProc('/proc/self/stat') !== undefined;

function processInfo(pid: number): ProcessInfo | null {
  const stat = readProc(`/proc/${pid}/stat`);
  if (stat === undefined) return null;
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', startTicks: fields[19] ?? '' };
}

function commandLine(pid: number): string | undefined {
  const raw = readProc(`/proc/${pid}/cmdline`);
  const command = raw?.split('\0').filter(Boolean).join(' ');
  return command || undefined;
}

const bootId = () => readProc('/proc/sys/kernel/random/boot_id')?.trim() || undefined;

/** What this process writes in the lock: its PID, and on Linux its start time, the boot and its command line. */
export function currentHolder(): LockHolder {
  const info = processInfo(process.pid);
  return {
    pid: process.pid,
    ...(info ? { startTicks: info.startTicks } : {}),
    ...(bootId() ? { bootId: bootId() } : {}),
    command: commandLine(process.pid) ?? process.argv.join(' '),
  };
}

export function formatLock(holder: LockHolder): string {
  const lines = [String(holder.pid)];
  if (holder.startTicks) lines.push(`start=${holder.startTicks}`);
  if (holder.bootId) lines.push(`boot=${holder.bootId}`);
  if (holder.command) lines.push(`command=${holder.command.replace(/[\r\n]+/g, ' ')}`);
  return `${lines.join('\n')}\n`;
}

export function parseLock(text: string): LockHolder | undefined {
  const [first = '', ...rest] = text.split('\n');
  const pid = Number.parseInt(first, 10);
  if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
  const holder: LockHolder = { pid };
  for (const line of rest) {
    const at = line.indexOf('=');
    if (at < 0) continue;
    const [key, value] = [line.slice(0, at), line.slice(at + 1).trim()];
    if (!value) continue;
    if (key === 'start') holder.startTicks = value;
    else if (key === 'boot') holder.bootId = value;
    else if (key === 'command') holder.command = value;
  }
  return holder;
}

function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process the lock names still holds it. A PID that exists is not enough: a process killed with
 * kill -9 stays a zombie until its parent reaps it (signals still reach it), and PIDs are reused. On Linux the
 * holder must be running (not Z or X), and when the lock recorded a start time (and boot), /proc must show the same.
 */
export function holderRuns(holder: LockHolder): boolean {
  if (!hasProc()) return signalable(holder.pid);
  const info = processInfo(holder.pid);
  if (!info || info.state === 'Z' || info.state === 'X') return false;
  if (holder.bootId && holder.bootId !== bootId()) return false;
  if (holder.startTicks && holder.startTicks !== info.startTicks) return false;
  return true;
}

function inUseMessage(dataDir: string, file: string, holder: LockHolder): string {
  const command = (hasProc() ? commandLine(holder.pid) : undefined) ?? holder.command;
  return [
    `The embedded database in ${dataDir} is in use by process ${holder.pid}${command ? ` (${command})` : ''}:`,
    'PGlite serves one process, so stop it first (Ctrl-C in its terminal, your service manager, or',
    `kill ${holder.pid}) and start again, or set DATABASE_URL or another DATA_DIR.`,
    `If process ${holder.pid} is not using this folder, the lock is stale: delete ${file}.`,
  ].join(' ');
}

/**
 * PGlite is one process's database: a second process opening the same folder (a second server, or a backup while
 * the server runs) would corrupt it. Takes the folder for this process, or throws naming the process that holds it
 * and what to do. A lock whose holder is gone (exited, a zombie, or its PID now another process) is taken over at
 * once. Returns the release function.
 */
export function lockPgliteFolder(dataDir: string): () => void {
  const file = pgliteLockFile(dataDir);
  const text = readProc(file);
  const holder = text === undefined ? undefined : parseLock(text);
  // Our own PID: this process, or an earlier one that had the same PID (a container restarted): ours either way.
  if (holder && holder.pid !== process.pid && holderRuns(holder)) {
    throw new DatabaseInUseError(inUseMessage(dataDir, file, holder), holder.pid);
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, formatLock(currentHolder()));
  return () => {
    try {
      if (parseLock(readFileSync(file, 'utf8'))?.pid === process.pid) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
}
