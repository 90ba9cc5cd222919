import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const SERVER_DIR = path.join(__dirname, '..', '..', '..');

/** A free port on 127.0.0.1, kept for every start of one test's server (the public URL names it). */
export function freePort(): Promise<number> {
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

export interface ServerProcess {
  readonly url: string;
  /** SIGKILL: no shutdown code runs, as in a crash or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM: the server's graceful stop. */
  stop(): Promise<void>;
  /** What the process printed, for a failing test's message. */
  output(): string;
}

/** Starts the real server entry (`src/main.ts`) in a child process and resolves once it listens. */
export function startServer(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      log += chunk.toString('utf8');
      if (log.length > 200_000) log = log.slice(-100_000);
      if (log.includes('SyncTrade server listening')) {
        child.stdout?.off('data', onData);
        child.stdout?.on('data', (more: Buffer) => {
          log = (log + more.toString('utf8')).slice(-100_000);
        });
        resolve({
          url: `http://127.0.0.1:${port}`,
          async kill() {
            child.kill('SIGKILL');
            await exited;
          },
          async stop() {
            child.kill('SIGTERM');
            await exited;
          },
          output: () => log,
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8');
    });
    child.once('exit', (code) =>
      reject(new Error(`server exited (${String(code)}) before listening:\n${log}`)),
    );
  });
}
