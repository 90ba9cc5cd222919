#!/usr/bin/env node
// `pnpm bench <name> [args]` runs the package script `bench:<name>` of the package that owns that benchmark.
import { spawnSync } from 'node:child_process';

const owners = { copier: 'server', syncdesk: 'e2e', history: 'e2e', web: 'e2e' };
const [name, ...args] = process.argv.slice(2);
if (!name || !(name in owners)) {
  console.error(`usage: pnpm bench <${Object.keys(owners).join('|')}> [args]`);
  process.exit(2);
}
const result = spawnSync('pnpm', ['--filter', owners[name], 'run', `bench:${name}`, ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
