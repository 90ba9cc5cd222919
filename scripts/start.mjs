#!/usr/bin/env node
// `pnpm start`: builds whatever app is not built yet, then starts the server on its embedded defaults
// (PGlite in server/data, the paper broker, mail to a local outbox), serving the API, the feed and every app.
import { existsSync, readFileSync } from 'node:fs';
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
// The server's own start command (server/package.json), run without pnpm in between: a stop then ends with the
// server's own exit code, not with pnpm's "ELIFECYCLE Command failed" for a signalled child. In a process group of
// its own, so a stop signal reaches the server and whatever it starts.
const serverDir = path.join(root, 'server');
const command = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8')).scripts.start.split(
  /\s+/,
);
const server = spawn(command[0], command.slice(1), { cwd: serverDir, stdio: 'inherit', detached: true });
let stopping = false;
const stop = (signal) => {
  stopping = true;
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
// A stop asked for and carried out (the server closed cleanly, or was ended by the signal) is a success.
server.on('exit', (code) => {
  if (stopping && (code === 0 || code === null)) {
    console.log('SyncTrade stopped.');
    process.exit(0);
  }
  process.exit(code ?? 0);
});
