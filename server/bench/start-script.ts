/**
 * The server's `start` script (package.json), read as `pnpm start` runs it: `env NAME=value … node <flags>
 * <entry>`. The benches start the server as it does, and the start-threads test checks its shape; both read it
 * here.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The server package's folder, from the sources (`bench/`) as from a compiled bench (`dist/bench/`). */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'server'
    )
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`no server package above ${from}`);
  }
}

export const serverRoot = findServerRoot(__dirname);

export interface StartCommand {
  /** What `env` sets before node starts (the C allocator's settings). */
  env: Record<string, string>;
  /** The command `env` runs, and its arguments (node's flags, then the entry). */
  command: string;
  args: string[];
}

/** The start script's words; throws when it no longer begins with `env` (its assignments would be lost). */
export function startCommand(): StartCommand {
  const manifest = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = manifest.scripts.start.split(/\s+/).filter(Boolean);
  if (words[0] !== 'env')
    throw new Error(`the start script no longer begins with env: ${manifest.scripts.start}`);
  const assignments = words.slice(1).filter((word) => /^[A-Z_][A-Z0-9_]*=/.test(word));
  const [command = '', ...args] = words.slice(1 + assignments.length);
  const env = Object.fromEntries(
    assignments.map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]),
  );
  return { env, command, args };
}

/** Node's flags as `pnpm start` passes them, or those of `BENCH_NODE_FLAGS`. */
export function startFlags(): string[] {
  const chosen = process.env.BENCH_NODE_FLAGS;
  if (chosen !== undefined) return chosen.split(/\s+/).filter(Boolean);
  return startCommand().args.filter((word) => word.startsWith('--'));
}

/** The environment `pnpm start` sets for node; `BENCH_START_ENV=0` leaves it out, to compare. */
export function startEnv(): Record<string, string> {
  if (process.env.BENCH_START_ENV === '0') return {};
  return startCommand().env;
}
