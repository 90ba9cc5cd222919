#!/usr/bin/env node
// `pnpm --filter server compile`: the server compiled once into `dist/src/main.js`, which `pnpm start` runs with
// plain node. Under tsx every module went through its loader and every function and class was wrapped in a
// `__name` call (a property set on each closure made, on the copy's path too): on `pnpm bench e2e` the copies'
// median fell from 0.57-0.72 ms under tsx to 0.45-0.47 ms compiled. Tests and `dev` still run the sources.
//
// The bundle holds the server and the workspace packages it imports (TypeScript sources); every other package
// stays in node_modules. It sits in `dist/src` so that the paths the sources take from `__dirname` resolve as
// from `src/<folder>`: the repository's root three levels up (the web apps) and `migrations` beside the bundle.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(serverRoot, 'dist', 'src');

/**
 * esbuild as tsx brings it: the same compiler that runs the sources in tests, no second copy to install. Its
 * synchronous build runs without a worker thread (`ESBUILD_WORKER_THREADS=0`, read when esbuild loads): the
 * server starts in this process, and a worker left running would be one more thread and child process beside it.
 */
function loadEsbuild() {
  const requireFromServer = createRequire(path.join(serverRoot, 'package.json'));
  const workerThreads = process.env.ESBUILD_WORKER_THREADS;
  process.env.ESBUILD_WORKER_THREADS = '0';
  try {
    return createRequire(requireFromServer.resolve('tsx/package.json'))('esbuild');
  } finally {
    if (workerThreads === undefined) delete process.env.ESBUILD_WORKER_THREADS;
    else process.env.ESBUILD_WORKER_THREADS = workerThreads;
  }
}

/** How the server is bundled: the workspace packages inside, every installed package left in node_modules. */
function bundleOptions() {
  const pkg = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8'));
  const installed = Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })
    .filter(([, version]) => !String(version).startsWith('workspace:'))
    .map(([name]) => name);
  return {
    absWorkingDir: serverRoot,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: installed,
    sourcemap: true,
    logLevel: 'warning',
  };
}

/**
 * Bundles `entryPoints` (with the embedded database's thread, which src/db/pglite-worker-db.ts looks for beside
 * the entry) into `dir`, the migrations copied beside them.
 */
function bundleInto(dir, entryPoints) {
  // A migration renamed or removed in src must not stay behind in the copy.
  rmSync(path.join(dir, 'migrations'), { recursive: true, force: true });
  loadEsbuild().buildSync({
    ...bundleOptions(),
    entryPoints: { ...entryPoints, 'pglite-worker': 'src/db/pglite-worker.ts' },
    outdir: dir,
  });
  cpSync(path.join(serverRoot, 'src', 'db', 'migrations'), path.join(dir, 'migrations'), { recursive: true });
}

export function buildServer() {
  bundleInto(outDir, { main: 'src/main.ts' });
  return path.join(outDir, 'main.js');
}

/**
 * A bench's entry (`bench/<name>.ts`) compiled as the server is, into `dist/bench/<name>.js` (with the embedded
 * database's worker and the migrations beside it, as in `dist/src`): the bench then measures the engine and the
 * adapters as `pnpm start` runs them, not as tsx runs the sources (every function wrapped in a `__name` call
 * there). Returns the file to require.
 */
export function buildBench(entry) {
  const name = path.basename(entry, '.ts');
  const benchDir = path.join(serverRoot, 'dist', 'bench');
  bundleInto(benchDir, { [name]: entry });
  return path.join(benchDir, `${name}.js`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(`Server built: ${path.relative(process.cwd(), buildServer())}`);
}
