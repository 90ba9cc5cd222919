import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './ports';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface Stack {
  /** e.g. http://localhost:41234 */
  url: string;
  port: number;
  dataDir: string;
  /** Restarts the server on the same port and data (a server restart mid-session). */
  restart(): Promise<void>;
  stop(): Promise<void>;
  /** Lines the server printed, for failure diagnostics. */
  logs: string[];
}

export interface StackOptions {
  env?: NodeJS.ProcessEnv;
  /** Where versioned deploys live (a temp folder by default, so tests never touch the real one). */
  deployDir?: string;
  /** When set, the server writes its CPU profiles (every thread's) to this folder as it stops (`--cpu-prof`). */
  cpuProfileDir?: string;
}

async function waitForHealth(url: string, child: ChildProcess, logs: string[]): Promise<void> {
  // Generous: on a shared, loaded machine the first start of the server alone can take most of a minute.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${logs.join('')}`);
    try {
      const response = await fetch(`${url}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${logs.join('')}`);
}

/**
 * Starts the real server (embedded PGlite in a fresh temp folder, paper broker, local outbox) serving the
 * production builds of the host and every remote, on a free loopback port.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  if (!existsSync(path.join(REPO_ROOT, 'host', 'dist', 'index.html'))) {
    throw new Error('The apps are not built: run `pnpm build` first.');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'synctrade-e2e-'));
  const deployDir = options.deployDir ?? path.join(dataDir, 'deploy');
  const url = `http://localhost:${port}`;
  const logs: string[] = [];
  let child: ChildProcess;

  const launch = async (): Promise<void> => {
    const profile = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
    child = spawn(
      process.execPath,
      [...profile, '--import', 'tsx', path.join(REPO_ROOT, 'server', 'src', 'main.ts')],
      {
        cwd: path.join(REPO_ROOT, 'server'),
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(port),
          PUBLIC_URL: url,
          DATA_DIR: dataDir,
          DEPLOY_DIR: deployDir,
          TEST_OUTBOX_READER: 'true',
          DATABASE_URL: '',
          LOG_LEVEL: 'warn',
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    await waitForHealth(url, child, logs);
  };

  const halt = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  await launch();
  return {
    url,
    port,
    dataDir,
    logs,
    restart: async () => {
      await halt();
      await launch();
    },
    stop: async () => {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
