/**
 * The real server entry in a child process, for the benches that drive it over loopback: on a fresh PGlite
 * data folder, or on a fresh PostgreSQL database created beside the one named by `BENCH_DATABASE_URL` and
 * dropped afterwards. The server logs as it does in production, into a file, and runs as `pnpm start` runs
 * it: compiled once (`scripts/build.mjs`) and started with plain node and node's flags of the `start` script
 * (`BENCH_NODE_FLAGS` replaces those flags, to compare others in the same run). `BENCH_SERVER=tsx` runs
 * `src/main.ts` under tsx instead, as before, for comparison.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serverRoot, startEnv, startFlags } from './start-script';

export type Backend = 'pglite' | 'postgres';

export interface RunningServer {
  backend: Backend;
  url: string;
  /** The server's process (its main thread has the same id). */
  pid: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function withAdmin(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not answer within 2 minutes');
}

let compiled = false;

/** Node's arguments that start the server: the compiled bundle (built once per bench), or the sources. */
export function serverEntry(): string[] {
  if (process.env.BENCH_SERVER === 'tsx') return ['--import', 'tsx', 'src/main.ts'];
  if (!compiled) {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
      cwd: serverRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) throw new Error('the server did not compile');
    compiled = true;
  }
  return [...startFlags(), 'dist/src/main.js'];
}

/**
 * Starts the server; `cpuProfileDir` adds `--cpu-prof` (the profile is written when the server stops), `nodeFlags`
 * adds node flags of the bench's own before the start script's. `dataDir` starts it on that data folder (kept when
 * it stops: a later start there is a restart); without it, on a new folder removed when it stops.
 */
export async function startServer(
  backend: Backend,
  options: {
    cpuProfileDir?: string;
    env?: NodeJS.ProcessEnv;
    nodeFlags?: readonly string[];
    dataDir?: string;
  } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'synctrade-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let databaseUrl: string | undefined;
  let dropDatabase = async (): Promise<void> => {};
  if (backend === 'postgres') {
    const adminUrl = process.env.BENCH_DATABASE_URL;
    if (!adminUrl) throw new Error('BENCH_DATABASE_URL is not set');
    const name = `synctrade_bench_${randomBytes(4).toString('hex')}`;
    await withAdmin(adminUrl, `CREATE DATABASE ${name}`);
    const parsed = new URL(adminUrl);
    parsed.pathname = `/${name}`;
    databaseUrl = parsed.toString();
    dropDatabase = () => withAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const log = openSync(path.join(dataDir, 'server.log'), 'a');
  const profile = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  const child = spawn(process.execPath, [...profile, ...(options.nodeFlags ?? []), ...serverEntry()], {
    cwd: serverRoot,
    env: {
      // Every bench client comes from loopback: the per-address socket cap would refuse its connections.
      MAX_SOCKETS_PER_ADDRESS: '100000',
      ...startEnv(),
      ...process.env,
      ...options.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', log, log],
  });
  try {
    await waitForHealth(url, child);
  } catch (error) {
    child.kill('SIGKILL');
    await dropDatabase();
    throw error;
  }
  return {
    backend,
    url,
    pid: child.pid ?? NaN,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await dropDatabase();
      if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Puts the bench's own threads behind the server's (`chrt --idle`, every thread of this process) until the
 * returned function restores them. The bench plays the trader's browser, which runs on another machine: on two
 * cores its thread, woken by the feed's messages, took the core from the server's copies for up to a millisecond
 * at a time. `BENCH_CLIENT_IDLE=0` leaves it as it is, for comparison. Without `chrt`, nothing changes.
 */
export function benchBehindServer(): () => void {
  if (process.env.BENCH_CLIENT_IDLE === '0') return () => undefined;
  const chrt = (policy: string): boolean =>
    spawnSync('chrt', [policy, '-a', '-p', '0', String(process.pid)], { stdio: 'ignore' }).status === 0;
  if (!chrt('--idle')) return () => undefined;
  return () => {
    // A server started later would inherit the idle policy and be measured behind every other process.
    if (!chrt('--other'))
      throw new Error('could not restore the bench to the normal policy: run it with BENCH_CLIENT_IDLE=0');
  };
}

/** The backends to run: PGlite always, PostgreSQL when `BENCH_DATABASE_URL` names a server. */
export function benchBackends(): Backend[] {
  const wanted = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',') as Backend[];
  return wanted.filter((backend) => {
    if (backend !== 'postgres' || process.env.BENCH_DATABASE_URL) return true;
    console.log(
      'PostgreSQL skipped: set BENCH_DATABASE_URL (a database the bench may create databases beside)',
    );
    return false;
  });
}
