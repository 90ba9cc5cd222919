import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const SERVER_DIR = path.join(__dirname, '..', '..');

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
  const collect = (chunk: Buffer): void => {
    log = (log + chunk.toString('utf8')).slice(-100_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const handle: ServerProcess = {
    url,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
    output: () => log,
  };
  // Listening is known from the health route, not from the words the server prints.
  return (async () => {
    for (;;) {
      if (exitCode !== undefined)
        throw new Error(`server exited (${String(exitCode)}) before listening:\n${log}`);
      const healthy = await fetch(`${url}/api/v1/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return handle;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
}
