#!/usr/bin/env node
// `pnpm start`: builds whatever app is not built yet, then starts the server on its embedded defaults
// (PGlite in server/data, the paper broker, mail to a local outbox), serving the API, the feed and every app.
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS } from './apps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const missing = APPS.filter(({ pkg }) => !existsSync(path.join(root, pkg, 'dist', 'mf-manifest.json'))).map(
  (a) => a.pkg,
);
if (missing.length) {
  console.log(`Building ${missing.join(', ')} ...`);
  const build = spawnSync('node', [path.join(root, 'scripts', 'build-all.mjs'), ...missing], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The server runs under pnpm and a shell: a signal sent to pnpm alone would leave the server running without its
// graceful shutdown. In a process group of its own, a stop signal reaches all of them, the server included.
const server = spawn('pnpm', ['--filter', 'server', 'start'], {
  cwd: root,
  stdio: 'inherit',
  detached: true,
});
const stop = (signal) => {
  try {
    process.kill(-server.pid, signal);
  } catch {
    server.kill(signal); // The group is gone already, or this system has no process groups.
  }
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// A supervisor's SIGTERM to the outer `pnpm start` stops pnpm and its shell but never reaches this script: once
// its parent is gone (this script re-parented), the server is stopped as that signal would have stopped it.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 250).unref();
server.on('exit', (code) => process.exit(code ?? 0));
