import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverRoot, startCommand } from '../../bench/start-script';

const onLinux = (() => {
  try {
    return readdirSync('/proc/self/task').length > 0;
  } catch {
    return false;
  }
})();
const hasChrt = onLinux && spawnSync('chrt', ['--version'], { stdio: 'ignore' }).error === undefined;
const SCHED_IDLE = 5;

/** A thread's nice value and scheduling policy as the kernel reports them (fields 19 and 41 of its stat). */
function schedulingOf(pid: number, task: string): { nice: number; policy: number } {
  const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { nice: Number(fields[16]), policy: Number(fields[38]) };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function readyLine(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += String(chunk);
      if (seen.includes('is ready')) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`the server stopped (${code}) before it was ready:\n${seen}`)),
    );
  });
}

/**
 * The server as `pnpm --filter server start` runs it: compiled, plain node, its helper threads lowered at
 * start-up. libuv's pool (file reads, password hashing, compression) must not be among the lowered threads:
 * on a busy machine a request waiting on it would wait behind every other process.
 */
(onLinux ? describe : describe.skip)('the server started as in production', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'start-threads-'));
  let child: ChildProcess | undefined;

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when it has answered a sign-up, then V8 helpers run behind its thread and libuv pool threads do not', async () => {
    // `env NAME=value … node <flags> <entry>`: the allocator's settings go into the environment, as `env` sets them.
    const { env: assignments, command, args } = startCommand();
    expect(command).toBe('node');
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...assignments,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    };
    delete env.DATABASE_URL;
    delete env.NODE_OPTIONS;
    const started = spawn(process.execPath, args, {
      cwd: serverRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    await readyLine(started);
    const pid = started.pid ?? 0;
    const main = schedulingOf(pid, String(pid));
    const lowered = (task: string) => {
      const thread = schedulingOf(pid, task);
      return hasChrt ? thread.policy === SCHED_IDLE : thread.nice > main.nice;
    };
    const loweredAtStart = new Set(readdirSync(`/proc/${pid}/task`).filter(lowered));
    expect(loweredAtStart.size).toBeGreaterThan(0);

    // Hashing the password runs on libuv's pool, which starts here at the latest.
    const answer = await fetch(`http://127.0.0.1:${port}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'threads@example.com', password: 'Str0ng!Pass' }),
    });
    expect(answer.status).toBe(201);
    const others = readdirSync(`/proc/${pid}/task`).filter((task) => task !== String(pid));
    const atServerPriority = others.filter((task) => !lowered(task));
    expect(atServerPriority.length).toBeGreaterThanOrEqual(Number(env.UV_THREADPOOL_SIZE ?? 4));
    expect(schedulingOf(pid, String(pid))).toEqual(main);
  }, 60_000);
});
