/**
 * `tsx bench/as-server.ts [node flags] bench/<name>.ts [args]`: runs a compiled bench (`scripts/bench-compiled.cjs`)
 * in a node started as `pnpm start` starts the server, its flags and the C allocator's settings read from the
 * start script (`start-script.ts`), so a bench that measures the copy path measures it as the server runs it and
 * the flags are written once. Node flags given before the bench's entry are added (`--expose-gc`);
 * `BENCH_NODE_FLAGS` and `BENCH_START_ENV=0` replace the start script's, to compare.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { serverRoot, startEnv, startFlags } from './start-script';

const args = process.argv.slice(2);
const entryAt = args.findIndex((arg) => arg.endsWith('.ts'));
if (entryAt < 0 || args.slice(0, entryAt).some((arg) => !arg.startsWith('--'))) {
  console.error('usage: tsx bench/as-server.ts [node flags] bench/<name>.ts [args]');
  process.exit(2);
}

const child = spawn(
  process.execPath,
  [
    ...startFlags(),
    ...args.slice(0, entryAt),
    path.join(serverRoot, 'scripts', 'bench-compiled.cjs'),
    ...args.slice(entryAt),
  ],
  { cwd: serverRoot, stdio: 'inherit', env: { ...startEnv(), ...process.env } },
);
// The bench stops with this process: Ctrl-C and a kill reach it, and its exit code is this one's.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 128)));
