import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { forwardMarkOf } from '../../../src/cluster/cluster-config';
import { FORWARDED_HEADER } from '../../../src/cluster/forward';

const SERVER_DIR = path.resolve(__dirname, '../../..');

/** Answers why the cluster cannot run here (NATS or PostgreSQL unreachable), or null. */
export async function clusterUnavailable(natsUrl: string, databaseUrl: string): Promise<string | null> {
  const nats = new URL(natsUrl.replace(/^nats:/, 'http:'));
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(nats.port || 4222), nats.hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  if (!reachable) return `NATS is not reachable at ${natsUrl}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error: unknown) {
    return `PostgreSQL is not reachable at ${databaseUrl}: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fresh database beside the given one (named after it); answers its URL and how to drop it. */
export async function freshDatabase(
  baseUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  // Named after the base database, so parallel runs on one server can tell theirs apart.
  const base = new URL(baseUrl).pathname.slice(1).replace(/[^a-z0-9_]/gi, '') || 'test';
  const name = `${base}_${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: baseUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null ? resolve(address.port) : reject(),
      );
    });
  });
}

export interface RigNode {
  id: string;
  port: number;
  url: string;
  child: ChildProcess | null;
  /** Resolves when the process ended. */
  exited: Promise<number | null>;
}

export interface ClusterRigOptions {
  databaseUrl: string;
  natsUrl: string;
  clusterName: string;
  /** Extra environment of every node. */
  env?: NodeJS.ProcessEnv;
  /** Node's arguments that start a node (the benches: the compiled server with the start script's flags). */
  nodeArgs?: readonly string[];
}

/** Node processes (`src/main.ts` under tsx unless `nodeArgs` says otherwise) of one cluster on this machine, started and stopped by the test. */
export class ClusterRig {
  readonly nodes = new Map<string, RigNode>();
  private readonly secrets = {
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SECRETS_KEY: randomBytes(32).toString('base64'),
  };
  readonly dataDir = mkdtempSync(path.join(tmpdir(), 'synctrade-cluster-'));

  constructor(private readonly options: ClusterRigOptions) {}

  async start(id: string, env: NodeJS.ProcessEnv = {}): Promise<RigNode> {
    const known = this.nodes.get(id);
    const port = known?.port ?? (await freePort());
    const child = spawn(
      process.execPath,
      [...(this.options.nodeArgs ?? ['--import', 'tsx', 'src/main.ts'])],
      {
        cwd: SERVER_DIR,
        env: {
          ...process.env,
          ...this.secrets,
          NODE_OPTIONS: '',
          DATABASE_URL: this.options.databaseUrl,
          NATS_URL: this.options.natsUrl,
          NODE_ID: id,
          CLUSTER: '1',
          CLUSTER_NAME: this.options.clusterName,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATA_DIR: path.join(this.dataDir, id),
          TRUST_PROXY: 'true',
          AUTH_RATE_LIMIT_PER_MINUTE: '100000',
          LOG_LEVEL: process.env.CLUSTER_TEST_LOG ? 'info' : 'warn',
          ...this.options.env,
          ...env,
        },
        // Each node's log goes to a file beside its data (CLUSTER_TEST_LOG=1: to this terminal).
        stdio: process.env.CLUSTER_TEST_LOG
          ? ['ignore', 'inherit', 'inherit']
          : [
              'ignore',
              openSync(path.join(this.dataDir, `${id}.log`), 'a'),
              openSync(path.join(this.dataDir, `${id}.log`), 'a'),
            ],
      },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const node: RigNode = { id, port, url: `http://127.0.0.1:${port}`, child, exited };
    this.nodes.set(id, node);
    await waitUntil(async () => {
      const answer = await fetch(`${node.url}/api/v1/health`).catch(() => null);
      return answer?.ok === true;
    }, `node ${id} to answer`);
    return node;
  }

  kill(id: string): void {
    this.nodes.get(id)?.child?.kill('SIGKILL');
  }

  /** SIGSTOP: the process freezes (a long pause, a VM stalled); its timers and sockets wait with it. */
  pause(id: string): void {
    this.nodes.get(id)?.child?.kill('SIGSTOP');
  }

  resume(id: string): void {
    this.nodes.get(id)?.child?.kill('SIGCONT');
  }

  /** SIGTERM: the node drains (hands its groups over one at a time) and exits. */
  async drain(id: string): Promise<void> {
    const node = this.nodes.get(id);
    node?.child?.kill('SIGTERM');
    await node?.exited;
  }

  /** The nodes' log lines matching `pattern` (from the files beside their data), each prefixed with its node. */
  logLines(pattern: RegExp): string[] {
    const lines: string[] = [];
    for (const id of this.nodes.keys()) {
      let text = '';
      try {
        text = readFileSync(path.join(this.dataDir, `${id}.log`), 'utf8');
      } catch {
        continue;
      }
      for (const line of text.split('\n')) if (pattern.test(line)) lines.push(`${id}: ${line}`);
    }
    return lines;
  }

  /** Resident memory of a node's process in MB (Linux), for the printed figures. */
  rssMb(id: string): number | null {
    const pid = this.nodes.get(id)?.child?.pid;
    if (pid === undefined) return null;
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
      return kb === undefined ? null : Math.round(Number(kb) / 1024);
    } catch {
      return null;
    }
  }

  /** The headers another node adds to a request it forwards: the node reached serves it, owner or not. */
  forwardedHeaders(): Record<string, string> {
    return { [FORWARDED_HEADER]: forwardMarkOf(this.secrets.SECRETS_KEY) };
  }

  urls(): string[] {
    return [...this.nodes.values()].filter((n) => n.child?.exitCode === null).map((n) => n.url);
  }

  async stopAll(): Promise<void> {
    for (const node of this.nodes.values()) {
      if (node.child?.exitCode === null && node.child.signalCode === null) {
        node.child.kill('SIGCONT');
        node.child.kill('SIGKILL');
        await node.exited;
      }
    }
  }
}

/** What a cluster test runs on: a fresh PostgreSQL database, a client on it, and the rig that starts nodes on it. */
export interface ClusterTestBed {
  database: { url: string; drop(): Promise<void> };
  db: pg.Client;
  rig: ClusterRig;
}

/**
 * Opens a cluster test's bed, or answers null (the reason printed) when the test does not run here: outside the
 * PostgreSQL pass (the nodes bring their own database, so once is enough), without `CLUSTER_TEST=1` for an opt-in
 * test, or without NATS or PostgreSQL (CI sets `CLUSTER_TEST_REQUIRED=1`: there a missing service fails it).
 */
export async function openClusterTest(
  name: string,
  prefix: string,
  options: { optIn?: boolean } = {},
): Promise<ClusterTestBed | null> {
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const baseDb = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (process.env.TEST_DB !== 'postgres' || (options.optIn === true && process.env.CLUSTER_TEST !== '1')) {
    console.log(
      `${name} test skipped: ${options.optIn === true ? 'CLUSTER_TEST=1 on' : 'it runs on'} the PostgreSQL pass (TEST_DB=postgres)`,
    );
    return null;
  }
  const why = await clusterUnavailable(natsUrl, baseDb);
  if (why !== null) {
    if (process.env.CLUSTER_TEST_REQUIRED === '1') throw new Error(`${name} test cannot run: ${why}`);
    console.log(`${name} test skipped: ${why}`);
    return null;
  }
  const database = await freshDatabase(baseDb, prefix);
  const db = new pg.Client({ connectionString: database.url });
  const rig = new ClusterRig({ databaseUrl: database.url, natsUrl, clusterName: `${prefix}${process.pid}` });
  return { database, db, rig };
}

/** Polls `check` until it answers true; fails with `what` after `limitMs` (a hang guard, not a timed assertion). */
export async function waitUntil(
  check: () => Promise<boolean>,
  what: string,
  limitMs = 60_000,
): Promise<void> {
  const start = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() - start > limitMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The database's clock now: the lease log's times are the database's, not this process's. */
export async function dbNow(db: pg.Client): Promise<Date> {
  const { rows } = await db.query<{ now: Date }>(`SELECT clock_timestamp() AS now`);
  return rows[0]?.now ?? new Date();
}
