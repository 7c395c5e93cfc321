import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseInUseError, formatLock, lockPgliteFolder, parseLock, pgliteLockFile } from './pglite-lock';

const dir = mkdtempSync(path.join(tmpdir(), 'mintbox-lock-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

let folders = 0;
const folder = () => {
  folders += 1;
  return path.join(dir, `pglite-${folders}`);
};

/** State and start time (clock ticks since boot) of a process, from /proc/<pid>/stat. */
function stat(pid: number): { state: string; startTicks: string } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, startTicks: fields[19]! };
  } catch {
    return null;
  }
}
const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();

async function until<T>(read: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A live process that is not this one: `sleep 30`. */
async function liveProcess(): Promise<number> {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(child);
  const pid = child.pid!;
  await until(() => (stat(pid)?.state === 'S' ? true : undefined), 'sleep to run');
  return pid;
}

/**
 * A process that has exited and lingers as a zombie because its parent never reaps it, like a server killed with
 * kill -9 under a parent that has not waited for it yet: a shell starts a short `sleep` in the background and
 * becomes a long one (which never waits).
 */
async function zombie(): Promise<number> {
  const child = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 30'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const pid = await until(() => Number.parseInt(output, 10) || undefined, 'the background pid');
  await until(() => (stat(pid)?.state === 'Z' ? true : undefined), 'the zombie');
  return pid;
}

describe.runIf(process.platform === 'linux')('the PGlite folder lock', () => {
  it('records the holder: PID, start time, boot and command line; releases only its own lock', () => {
    const dataDir = folder();
    const release = lockPgliteFolder(dataDir);
    const holder = parseLock(readFileSync(pgliteLockFile(dataDir), 'utf8'))!;
    expect(holder).toEqual({
      pid: process.pid,
      startTicks: stat(process.pid)!.startTicks,
      bootId: bootId(),
      command: expect.stringContaining('node'),
    });
    release();
    expect(existsSync(pgliteLockFile(dataDir))).toBe(false);
  });

  it('takes over at once a lock whose holder was killed and lingers as a zombie', async () => {
    const pid = await zombie();
    const dataDir = folder();
    // Written by that process while it ran: its real start time, so only its state tells it is gone.
    writeFileSync(
      pgliteLockFile(dataDir),
      formatLock({
        pid,
        startTicks: stat(pid)!.startTicks,
        bootId: bootId(),
        command: 'node dist/server/index.js',
      }),
    );
    const release = lockPgliteFolder(dataDir);
    expect(parseLock(readFileSync(pgliteLockFile(dataDir), 'utf8'))?.pid).toBe(process.pid);
    release();
  });

  it('takes over a lock whose PID now belongs to another process (another start time, or another boot)', async () => {
    const pid = await liveProcess();
    const { startTicks } = stat(pid)!;
    const reused = [
      { pid, startTicks: String(Number(startTicks) - 1), bootId: bootId() },
      { pid, startTicks, bootId: '00000000-0000-0000-0000-000000000000' },
    ];
    for (const holder of reused) {
      const dataDir = folder();
      writeFileSync(pgliteLockFile(dataDir), formatLock(holder));
      // The server starts instead of refusing, and the lock now names it (not the process that reused the PID).
      const release = lockPgliteFolder(dataDir);
      expect(parseLock(readFileSync(pgliteLockFile(dataDir), 'utf8'))).toMatchObject({
        pid: process.pid,
        startTicks: stat(process.pid)!.startTicks,
        bootId: bootId(),
      });
      release();
      expect(existsSync(pgliteLockFile(dataDir))).toBe(false);
    }
  });

  it('refuses a live holder, naming it and saying how to stop it or remove a stale lock', async () => {
    const pid = await liveProcess();
    const dataDir = folder();
    const file = pgliteLockFile(dataDir);
    const lock = formatLock({
      pid,
      startTicks: stat(pid)!.startTicks,
      bootId: bootId(),
      command: 'sleep 30',
    });
    writeFileSync(file, lock);
    let error: unknown;
    try {
      lockPgliteFolder(dataDir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DatabaseInUseError);
    const message = (error as Error).message;
    expect(message).toContain(`The embedded database in ${dataDir} is in use by process ${pid} (sleep 30)`);
    expect(message).toContain('stop it first');
    expect(message).toContain(`kill ${pid}`);
    expect(message).toContain(`the lock is stale: delete ${file}`);
    // The lock is left as it was.
    expect(readFileSync(file, 'utf8')).toBe(lock);
  });

  it('still reads a lock of the older format (the PID alone)', async () => {
    const live = await liveProcess();
    const dataDir = folder();
    writeFileSync(pgliteLockFile(dataDir), `${live}\n`);
    expect(() => lockPgliteFolder(dataDir)).toThrow(`in use by process ${live}`);
    writeFileSync(pgliteLockFile(dataDir), `${await zombie()}\n`);
    lockPgliteFolder(dataDir)();
  });
});
