#!/usr/bin/env node
// `pnpm build`: builds every frontend app (two at a time), type-checks the server, and prints the bundle sizes.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printSizes } from './bundle-size.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const filters = only.length
  ? only.flatMap((pkg) => ['--filter', pkg])
  : ['--filter', './host', '--filter', './landing', '--filter', './remote-*'];
const result = spawnSync('pnpm', [...filters, '--workspace-concurrency=2', 'run', 'build'], {
  cwd: root,
  stdio: 'inherit',
});
if (result.status !== 0) process.exit(result.status ?? 1);
printSizes(root);
